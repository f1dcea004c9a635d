/**
 * The one wording of a service client's missing endpoint: a configuration problem, shown in the
 * element and warned like every other (ServiceClientController).
 */
import { ConfigurationError } from '../service-client.js';

/** The problem of an element whose `attribute` is unset; `what` says what it names. */
export function missingEndpoint(attribute: string, what: string): ConfigurationError {
  return new ConfigurationError(`has no ${attribute}: set it to ${what}, or to the gateway in front of it.`);
}
