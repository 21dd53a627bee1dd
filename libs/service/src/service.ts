import type { Express, RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { BlobStore } from '@signet/blob';
import type { EventBus, Subscription } from '@signet/bus';
import type { Mailer, MailSink } from '@signet/mail';
import type { SmsSender, SmsSink } from '@signet/sms';
import type { PartName, SignetConfig } from '@signet/config';
import type { HealthReport } from '@signet/http';
import type { JobSystem } from '@signet/jobs';
import type { Logger } from '@signet/log';

export type Clock = () => Date;

/** The development test clock (SIGNET_TEST_CLOCK, monolith mode): Signet's clock, moved forward on request. */
export interface TestClock {
  now(): Date;
  /** Moves Signet's clock `ms` forward and resolves once the timed work that came due has run. */
  advanceBy(ms: number): Promise<Date>;
}

/** Everything a service is given; it opens nothing itself, so the same code runs alone or in the monolith. */
export interface ServiceDeps {
  db: Knex;
  bus: EventBus;
  /** Where PDF bytes live: S3 in microservices mode, the filesystem in monolith mode. */
  blobs: BlobStore;
  /** SMTP in microservices mode; the built-in sink in monolith mode. */
  mailer: Mailer;
  /** The built-in sink when there is no SMTP server, else null. */
  mailSink: MailSink | null;
  /** The SMS provider (Twilio's Messages API) when configured; else the built-in sink. */
  sms: SmsSender;
  /** The built-in SMS sink when there is no provider, else null. */
  smsSink: SmsSink | null;
  log: Logger;
  config: SignetConfig;
  /** HMAC secret shared by the gateway and the services for signed internal calls. */
  internalSecret: string;
  /** Base URL of another part, for the few internal HTTP calls a service makes. */
  serviceUrl: (part: PartName) => string;
  /** Another part's app when it runs in this process (monolith mode), else null. */
  localApp: (part: PartName) => RequestHandler | null;
  clock: Clock;
  /** The test clock, when SIGNET_TEST_CLOCK is on (the gateway serves /dev/clock); absent otherwise. */
  testClock?: TestClock | null;
  /** The process's job system: a part registers its job kinds while it is created and queues jobs in its transactions. */
  jobs: JobSystem;
}

export interface SignetService {
  name: PartName;
  app: Express;
  consumers: Subscription[];
  start(): Promise<void>;
  stop(): Promise<void>;
  healthcheck(): Promise<HealthReport>;
}
