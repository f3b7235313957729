export { HefflApi } from './credentials/HefflApi.credentials';
export { Heffl } from './nodes/Heffl/Heffl.node';
export { HefflTrigger } from './nodes/HefflTrigger/HefflTrigger.node';
export { HefflPollingTrigger } from './nodes/HefflPollingTrigger/HefflPollingTrigger.node';
