import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type S3Server, startS3Server } from './s3-server';

describe('startS3Server', () => {
  let s3: S3Server;
  let client: S3Client;

  beforeAll(async () => {
    s3 = await startS3Server();
    client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      forcePathStyle: true,
    });
  });

  afterAll(async () => {
    client.destroy();
    await s3.stop();
  });

  it('stores an object in the bucket created at start and returns it', async () => {
    await client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: 'docs/a.txt', Body: 'hello', ContentType: 'text/plain' }),
    );

    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'docs/a.txt' }));

    expect(object.ContentType).toBe('text/plain');
    expect(await object.Body?.transformToString()).toBe('hello');
  });
});
