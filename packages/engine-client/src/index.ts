export { formatCamundaDate, parseCamundaDate } from './camunda-date';
export type {
  CamundaRestClientOptions,
  DeployOptions,
  DeployResource,
  IdentityLinkInput,
  QueryParams,
} from './camunda-rest-client';
export {
  CamundaRestClient,
  CamundaRestError,
  engineAuthInterceptor,
  engineAuthorization,
  mayHaveReachedEngine,
} from './camunda-rest-client';
export * from './camunda-types';
export type { EngineCredentials, EngineCredentialsEnv } from './engine-credentials';
export {
  DEFAULT_ENGINE_USER,
  engineCredentialsFromEnv,
  generateEngineSecret,
  hasEngineSecret,
} from './engine-credentials';
