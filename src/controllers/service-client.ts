import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ResolvedConfig } from '../config.js';

/** Thrown (or returned) by a `build` that cannot make a client: the element shows it as a configuration problem. */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

export function isConfigurationError(value: unknown): value is ConfigurationError {
  return value instanceof Error && value.name === 'ConfigurationError';
}

export interface ServiceClientOptions<C> {
  /**
   * Builds the service client from the resolved configuration (and the element's own inputs, read
   * from the element). Throws a {@link ConfigurationError} when something is missing or wrong.
   */
  build(config: ResolvedConfig): C;
  /** The element's own inputs of the client besides the resolved configuration (dev keys, timeouts): a change rebuilds. */
  inputs?(): readonly unknown[];
  /**
   * Called after the client was rebuilt because its configuration changed (not for the first
   * build). An element that failed with the old configuration retries here, without a click.
   */
  changed?(client: C | undefined, previous: C | undefined): void;
  /**
   * Called after every build with what is wrong (or undefined when all is well), so the element
   * reports a configuration problem as `sportello-error` like any other failure.
   */
  report?(problem: ConfigurationError | undefined): void;
}

/**
 * Builds an element's service client from its resolved configuration and rebuilds it whenever that
 * changes (an attribute, a property, `<sportello-config>`, `configure()`, a new `tokenProvider`).
 * Elements never construct clients themselves: they read `client` (or `problem`) from here.
 *
 * The check runs before every render of the host (`hostUpdate`), and whenever `client` is read, so
 * an element that sets itself up in `willUpdate` already sees the new client.
 */
export class ServiceClientController<C> implements ReactiveController {
  private current: C | undefined;
  private error: ConfigurationError | undefined;
  private key: readonly unknown[] | undefined;
  private notifying = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly config: () => ResolvedConfig,
    private readonly options: ServiceClientOptions<C>,
  ) {
    host.addController(this);
  }

  /** The client for the configuration as it is now; undefined while there is a configuration problem. */
  get client(): C | undefined {
    this.refresh();
    return this.current;
  }

  /** What is wrong with the configuration (missing endpoint, bad key), if anything. */
  get problem(): ConfigurationError | undefined {
    this.refresh();
    return this.error;
  }

  /** The configuration the current client was built from. */
  get resolved(): ResolvedConfig {
    return this.config();
  }

  hostUpdate(): void {
    this.refresh();
  }

  /** Forgets the client: the next read builds a new one (e.g. after the element was disconnected). */
  reset(): void {
    this.key = undefined;
  }

  /** Rebuilds the client if its inputs changed; returns true if it did. */
  refresh(): boolean {
    const config = this.config();
    const key = [config.endpoint, config.tokenProvider, ...(this.options.inputs?.() ?? [])];
    if (this.key && key.length === this.key.length && key.every((v, i) => Object.is(v, this.key![i]))) return false;
    const first = this.key === undefined;
    const previous = this.current;
    this.key = key;
    try {
      this.current = this.options.build(config);
      this.error = undefined;
    } catch (error) {
      this.current = undefined;
      this.error = isConfigurationError(error)
        ? error
        : new ConfigurationError(error instanceof Error ? error.message : String(error));
    }
    this.options.report?.(this.error);
    // A `changed` that reads `client` must not re-enter.
    if (!first && !this.notifying) {
      this.notifying = true;
      try {
        this.options.changed?.(this.current, previous);
      } finally {
        this.notifying = false;
      }
    }
    return true;
  }
}
