/** The one transport to Heffl: requests, lists, errors, redaction, credentials, API versions. */
export type { ApiVersion } from './apiVersions';
export { API_VERSIONS } from './apiVersions';
export { CREDENTIAL_NAME, keyIdentity, readCredentials } from './credentials';
export { describeBody } from './errors';
export {
	DEFAULT_MAX_RETRIES,
	MAX_PAGE_SIZE,
	MAX_RETRIES_LIMIT,
	retriesOf,
	transportLimits,
} from './limits';
export type { Page, PageSize } from './pages';
export { hefflListPage, hefflPages, hefflPaginate, unwrapRecord } from './pages';
export { hefflRequest, recordPath } from './request';
export type { HefflContext, HefflListRequest, HefflRequest } from './types';
export { httpsProblem, isLoopbackHost } from './origin';
