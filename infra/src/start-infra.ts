/** `npm run infra`: starts the broker, object store and mail sink until SIGINT/SIGTERM. */
import path from 'node:path';
import { startMockBroker } from './mock-broker';
import { startS3Server } from './s3-server';
import { type ReceivedMail, startSmtpSink } from './smtp-sink';

// Kept across restarts so blobs still match the rows of a development database.
const s3Dir = path.resolve(__dirname, '../../.data/infra/s3');

function logMail(mail: ReceivedMail): void {
  console.error(`\n[mail] ${mail.from} -> ${mail.to.join(', ')}: ${mail.subject}\n${mail.text.trim()}\n`);
}

async function main(): Promise<void> {
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async (): Promise<void> => {
    await Promise.allSettled(stops.map((stop) => stop()));
  };
  try {
    const broker = await startMockBroker();
    stops.push(broker.stop);
    const s3 = await startS3Server({ dir: s3Dir });
    stops.push(s3.stop);
    const smtp = await startSmtpSink({ onMail: logMail });
    stops.push(smtp.stop);

    console.log(
      [
        `KAFKA_BROKERS=${broker.brokers.join(',')}`,
        `S3_ENDPOINT=${s3.endpoint}`,
        `S3_BUCKET=${s3.bucket}`,
        `S3_REGION=${s3.region}`,
        `S3_ACCESS_KEY_ID=${s3.accessKeyId}`,
        `S3_SECRET_ACCESS_KEY=${s3.secretAccessKey}`,
        'S3_FORCE_PATH_STYLE=true',
        `SMTP_URL=${smtp.url}`,
      ].join('\n'),
    );
    console.error(`infra is up (objects in ${s3Dir}, mails printed here); Ctrl-C stops it.`);
  } catch (error) {
    await stopAll();
    throw error;
  }

  const shutdown = (): void => {
    void stopAll();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
