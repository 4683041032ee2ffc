import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { temporaryDirectory } from './helper.ts';

describe('configuration', () => {
  it('uses the embedded defaults: port 8080 on loopback, local storage, local site rebuild', () => {
    const dataDir = temporaryDirectory();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.storage).toMatchObject({ driver: 'local', directory: path.join(dataDir, 'media') });
    expect(config.site.rebuild).toBe('local');
    expect(config.site.brotliQuality).toBe(11);
    expect(config.site.buildPriority).toBe('idle');
    expect(config.mail).toBeUndefined();
    expect(config.timeZone).toBe('Africa/Douala');
    expect(config.newsletterRatePerMinute).toBe(20);
  });

  it('names the variable that has a bad value', () => {
    const dataDir = temporaryDirectory();
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32/);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_EXPIRES_IN_HOURS: '24' })).toThrow(/JWT_EXPIRES_IN_HOURS/);
    expect(() => loadConfig({ DATA_DIR: dataDir, STORAGE_DRIVER: 's3' })).toThrow(/S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/MAIL_FROM, CONTACT_INBOX/);
    expect(() => loadConfig({ DATA_DIR: dataDir, SITE_REBUILD: 'hook' })).toThrow(/SITE_DEPLOY_HOOK_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, SITE_BROTLI_QUALITY: '12' })).toThrow(/SITE_BROTLI_QUALITY/);
    expect(() => loadConfig({ DATA_DIR: dataDir, NEWSLETTER_RATE_PER_MINUTE: '0' })).toThrow(/NEWSLETTER_RATE_PER_MINUTE/);
    expect(() => loadConfig({ DATA_DIR: dataDir, SITE_BUILD_PRIORITY: 'low' })).toThrow(/SITE_BUILD_PRIORITY/);
    expect(loadConfig({ DATA_DIR: dataDir, SITE_BUILD_PRIORITY: 'normal' }).site.buildPriority).toBe('normal');
    expect(() => loadConfig({ DATA_DIR: dataDir, TIME_ZONE: 'Yaounde' })).toThrow(/TIME_ZONE: must be an IANA time zone/);
    expect(loadConfig({ DATA_DIR: dataDir, TIME_ZONE: 'Europe/Paris' }).timeZone).toBe('Europe/Paris');
  });

  it('gives a number setting left empty its default, as a .env or compose file may leave it, not 0', () => {
    const config = loadConfig({
      DATA_DIR: temporaryDirectory(),
      PORT: '',
      SITE_BROTLI_QUALITY: ' ',
      SITE_REBUILD_DEBOUNCE_MS: '',
      APPLICATION_RETENTION_DAYS: '',
    });
    expect(config.port).toBe(8080);
    expect(config.site.brotliQuality).toBe(11);
    expect(config.site.debounceMs).toBe(3000);
    expect(config.applicationRetentionDays).toBe(365);
  });

  it('generates a JWT secret once, keeps it private in the data directory and reuses it', () => {
    const dataDir = temporaryDirectory();
    const first = loadConfig({ DATA_DIR: dataDir }).jwt.secret;
    const file = path.join(dataDir, 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(loadConfig({ DATA_DIR: dataDir }).jwt.secret).toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
  });

  it('prefers JWT_SECRET from the environment and writes nothing then', () => {
    const dataDir = temporaryDirectory();
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }).jwt.secret).toBe(secret);
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('names the site, the admin and the API at one origin by default, and CORS lets no other origin in', () => {
    const config = loadConfig({ DATA_DIR: temporaryDirectory(), PUBLIC_SITE_URL: 'https://www.centre.cm/' });
    expect(config.publicUrls).toEqual({
      site: 'https://www.centre.cm',
      admin: 'https://www.centre.cm/admin',
      api: 'https://www.centre.cm/api',
    });
    expect(config.corsOrigins).toEqual([]);
    expect(config.storage.publicUrl).toBe('https://www.centre.cm/media');
  });

  it('allows CORS only from the site and admin origins when they are not the API’s, and serves images beside the API', () => {
    const config = loadConfig({
      DATA_DIR: temporaryDirectory(),
      PUBLIC_SITE_URL: 'https://www.centre.cm/',
      PUBLIC_ADMIN_URL: 'https://admin.centre.cm/',
      PUBLIC_API_URL: 'https://api.centre.cm/api',
    });
    expect(config.publicUrls).toEqual({
      site: 'https://www.centre.cm',
      admin: 'https://admin.centre.cm',
      api: 'https://api.centre.cm/api',
    });
    expect(config.corsOrigins).toEqual(['https://www.centre.cm', 'https://admin.centre.cm']);
    expect(config.storage.publicUrl).toBe('https://api.centre.cm/media');
  });
  it('publishes the site where SITE_PUBLISH says, and names what a target lacks', () => {
    const dataDir = temporaryDirectory();
    expect(loadConfig({ DATA_DIR: dataDir }).site.publish).toEqual({ target: 'local' });
    expect(loadConfig({ DATA_DIR: dataDir, SITE_PUBLISH: 'dir', SITE_PUBLISH_DIR: '/srv/www' }).site.publish).toEqual({
      target: 'dir',
      directory: '/srv/www',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, SITE_PUBLISH: 'dir' })).toThrow(
      /SITE_PUBLISH_DIR: required when SITE_PUBLISH=dir/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SITE_PUBLISH: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /SITE_S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY: required when SITE_PUBLISH=s3/,
    );
    const s3 = {
      SITE_PUBLISH: 's3',
      SITE_S3_BUCKET: 'site',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY: 'k',
      S3_SECRET_KEY: 's',
    };
    expect(loadConfig({ DATA_DIR: dataDir, ...s3, SITE_S3_PREFIX: 'www/' }).site.publish).toMatchObject({
      bucket: 'site',
      prefix: 'www/',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, ...s3, SITE_S3_PREFIX: '/www' })).toThrow(
      /SITE_S3_PREFIX: must be empty or folder names/,
    );
  });

  it('refuses at start to publish the site into the images bucket where its keys would meet the uploads', () => {
    const dataDir = temporaryDirectory();
    const sharedBucket = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'centre-formation',
      SITE_PUBLISH: 's3',
      SITE_S3_BUCKET: 'centre-formation',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY: 'k',
      S3_SECRET_KEY: 's',
    };
    for (const prefix of ['', 'blogImages/', 'blogImages/site/']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, ...sharedBucket, SITE_S3_PREFIX: prefix })).toThrow(
        /SITE_S3_BUCKET, SITE_S3_PREFIX: the site would be published over the uploaded images \(S3_BUCKET centre-formation, under blogImages\/\)/,
      );
    }
    expect(loadConfig({ DATA_DIR: dataDir, ...sharedBucket, SITE_S3_PREFIX: 'site/' }).site.publish).toMatchObject({
      bucket: 'centre-formation',
      prefix: 'site/',
    });
  });

  it('refuses a . or .. folder in the site’s and the replica’s key prefixes, where the overlap checks compare strings', () => {
    const dataDir = temporaryDirectory();
    const s3 = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's', S3_BUCKET: 'centre-formation' };
    for (const prefix of ['./blogImages/', '../blogImages/', 'site/../blogImages/', 'site/./', '../']) {
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, ...s3, SITE_PUBLISH: 's3', SITE_S3_BUCKET: 'site', SITE_S3_PREFIX: prefix }),
      ).toThrow(/SITE_S3_PREFIX: must be empty or folder names each ending with \/, none of them \. or \.\./);
      expect(() => loadConfig({ DATA_DIR: dataDir, ...s3, DB_REPLICA: 's3', DB_REPLICA_S3_PREFIX: prefix })).toThrow(
        /DB_REPLICA_S3_PREFIX: must be folder names each ending with \/, none of them \. or \.\./,
      );
    }
    const dotted = { ...s3, SITE_PUBLISH: 's3', SITE_S3_BUCKET: 'site', SITE_S3_PREFIX: '.well-known/site.v2/' };
    expect(loadConfig({ DATA_DIR: dataDir, ...dotted }).site.publish).toMatchObject({ prefix: '.well-known/site.v2/' });
  });

  it('trusts X-Forwarded-For only from a number of proxies or from listed addresses, and refuses TRUST_PROXY=true', () => {
    const dataDir = temporaryDirectory();
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1' }).trustProxy).toHaveProperty('hops', 1);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' }).trustProxy).toHaveProperty('hops', 2);
    const oneProxy = loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([oneProxy('172.18.0.5', 0), oneProxy('203.0.113.9', 1)]).toEqual([true, false]);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8, 192.168.1.2,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.2',
      '::1',
    ]);
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust any X-Forwarded-For a client sends; set the number of proxies/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY: .*nginx/);
  });

  it('builds the site into SITE_DIR when set, else into DATA_DIR/site', () => {
    const dataDir = temporaryDirectory();
    const siteDir = temporaryDirectory();
    expect(loadConfig({ DATA_DIR: dataDir }).site.directory).toBe(path.join(dataDir, 'site'));
    expect(loadConfig({ DATA_DIR: dataDir, SITE_DIR: siteDir }).site.directory).toBe(siteDir);
  });
});
