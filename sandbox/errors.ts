/**
 * Errors as Heffl answers them: v1 flat `{code, message}`, v2
 * `{error: {code, message, details}}` with `VALIDATION_ERROR` and
 * `details.issues` for invalid input.
 */
import type { JsonObject } from './json';

export interface Issue {
	field: string;
	message: string;
	/** The message reads on its own (`Unknown field 'foo'`): not prefixed with the field. */
	standalone?: boolean;
}

export type ErrorCode =
	| 'BAD_REQUEST'
	| 'UNAUTHORIZED'
	| 'FORBIDDEN'
	| 'NOT_FOUND'
	| 'TOO_MANY_REQUESTS'
	| 'INTERNAL_SERVER_ERROR';

const STATUS: Record<ErrorCode, number> = {
	BAD_REQUEST: 400,
	UNAUTHORIZED: 401,
	FORBIDDEN: 403,
	NOT_FOUND: 404,
	TOO_MANY_REQUESTS: 429,
	INTERNAL_SERVER_ERROR: 500,
};

export class ApiError extends Error {
	readonly status: number;

	constructor(
		readonly code: ErrorCode,
		message: string,
		/** Field problems: v2 answers them as VALIDATION_ERROR with `details.issues`. */
		readonly issues?: Issue[],
		status?: number,
	) {
		super(message);
		this.status = status ?? STATUS[code];
	}

	/** 400 naming every field at fault: `email: must be a valid e-mail address`. */
	static invalid(issues: Issue[]): ApiError {
		const message = issues
			.map((issue) =>
				issue.standalone || !issue.field ? issue.message : `${issue.field}: ${issue.message}`,
			)
			.join('; ');
		return new ApiError('BAD_REQUEST', message, issues);
	}

	static field(field: string, message: string): ApiError {
		return ApiError.invalid([{ field, message }]);
	}

	/**
	 * A strict server: where the reference lists an endpoint's query parameters, any other
	 * is refused (`section` says where they are listed).
	 */
	static onlyParameters(query: URLSearchParams, allowed: string[], section: string): void {
		const unknown = [...new Set(query.keys())].filter((name) => !allowed.includes(name));
		if (unknown.length)
			throw ApiError.invalid(
				unknown.map((name) => ({
					field: name,
					message: `is not a parameter of this endpoint (${section}: ${allowed.join(', ')})`,
				})),
			);
	}

	static notFound(message: string): ApiError {
		return new ApiError('NOT_FOUND', message);
	}
}

export function errorBody(version: 'v1' | 'v2', error: ApiError): JsonObject {
	if (version === 'v1') return { code: error.code, message: error.message };
	const issues = error.issues;
	return {
		error: {
			code: issues ? 'VALIDATION_ERROR' : error.code,
			message: error.message,
			details: issues
				? { issues: issues.map((issue) => ({ field: issue.field, message: issue.message })) }
				: {},
		},
	};
}
