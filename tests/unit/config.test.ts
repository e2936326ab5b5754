import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.ts';

describe('readConfig', () => {
  it('uses the defaults of DESIGN §6 on an empty environment', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:db/club.sqlite',
      uploadsDir: 'uploads',
      adminUid: '00000001',
      adminPassword: undefined,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      smtpUrl: undefined,
      mailFrom: undefined,
      contactTo: {},
      clubLat: undefined,
      clubLon: undefined,
      logLevel: 'info',
    });
  });

  it('treats empty variables as unset', () => {
    const config = readConfig({ PORT: '', ADMIN_UID: '', ADMIN_PASSWORD: '', PUBLIC_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.adminUid).toBe('00000001');
    expect(config.adminPassword).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('derives PUBLIC_URL from PORT when it is not given', () => {
    const config = readConfig({ PORT: '8080', HOST: '0.0.0.0' });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.secureCookies).toBe(false);
  });

  it('turns on Secure cookies for an https PUBLIC_URL and drops a trailing slash', () => {
    const config = readConfig({ PUBLIC_URL: 'https://schuetzenverein.example.org/' });
    expect(config.publicUrl).toBe('https://schuetzenverein.example.org');
    expect(config.secureCookies).toBe(true);
    expect(readConfig({ PUBLIC_URL: 'http://verein.example.org' }).secureCookies).toBe(false);
  });

  it('reads the remaining variables', () => {
    const config = readConfig({
      DATABASE_URL: 'mysql://club:geheim@db.example.org:3306/club',
      UPLOADS_DIR: '/srv/uploads',
      ADMIN_UID: '12345678',
      ADMIN_PASSWORD: 'Start1234',
      SMTP_URL: 'smtp://mail.example.org:587',
      MAIL_FROM: 'Schützenverein <web@example.org>',
      CLUB_LAT: '51.5',
      CLUB_LON: '7.25',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      databaseUrl: 'mysql://club:geheim@db.example.org:3306/club',
      uploadsDir: '/srv/uploads',
      adminUid: '12345678',
      adminPassword: 'Start1234',
      smtpUrl: 'smtp://mail.example.org:587',
      mailFrom: 'Schützenverein <web@example.org>',
      clubLat: 51.5,
      clubLon: 7.25,
      logLevel: 'warn',
    });
  });

  it('keys CONTACT_TO_<RECIPIENT> by the recipient identifier', () => {
    const config = readConfig({
      CONTACT_TO_INFO: 'info@example.org',
      CONTACT_TO_VORSTAND: 'vorstand@example.org',
      CONTACT_TO_LG_LP: 'lg@example.org',
      CONTACT_TO_BOGEN: 'bogen@example.org',
      CONTACT_TO_BLASROHR: 'blasrohr@example.org',
      CONTACT_TO_WEBMASTER: 'web@example.org',
      CONTACT_TO_BOGEN_LEER: '',
    });
    expect(config.contactTo).toEqual({
      info: 'info@example.org',
      vorstand: 'vorstand@example.org',
      'lg-lp': 'lg@example.org',
      bogen: 'bogen@example.org',
      blasrohr: 'blasrohr@example.org',
      webmaster: 'web@example.org',
    });
  });

  it.each(['a@example.org, b@example.org', 'a@example.org\nBcc: b@example.org', 'a@example.org Bcc: b@example.org', 'niemand'])(
    'refuses CONTACT_TO_INFO=%j: one mailbox per recipient',
    (value) => {
      expect(() => readConfig({ CONTACT_TO_INFO: value })).toThrow(/CONTACT_TO_INFO muss genau eine E-Mail-Adresse sein/);
    },
  );

  it('accepts a recipient with a display name', () => {
    expect(readConfig({ CONTACT_TO_VORSTAND: 'Der Vorstand <vorstand@example.org>' }).contactTo).toEqual({
      vorstand: 'Der Vorstand <vorstand@example.org>',
    });
  });

  it('needs MAIL_FROM with SMTP_URL, and an smtp:// or smtps:// address', () => {
    expect(() => readConfig({ SMTP_URL: 'smtp://mail.example.org:587' })).toThrow(/MAIL_FROM/);
    expect(() => readConfig({ SMTP_URL: 'http://mail.example.org', MAIL_FROM: 'web@example.org' })).toThrow(/SMTP_URL/);
    expect(() => readConfig({ SMTP_URL: 'smtps://mail.example.org', MAIL_FROM: 'a@example.org, b@example.org' })).toThrow(/MAIL_FROM/);
    expect(readConfig({ SMTP_URL: 'smtps://u:p@mail.example.org:465', MAIL_FROM: 'Verein <web@example.org>' })).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.org:465',
      mailFrom: 'Verein <web@example.org>',
    });
  });

  it.each(['123', 'abcdefgh', '123456789', '1234567a'])('rejects ADMIN_UID %s', (uid) => {
    expect(() => readConfig({ ADMIN_UID: uid })).toThrow(/ADMIN_UID/);
  });

  it.each([
    ['PORT', 'achtzig'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'kein-url'],
    ['LOG_LEVEL', 'laut'],
    ['CLUB_LAT', '95'],
  ])('rejects %s=%s with a German message', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(/Ungültige Konfiguration/);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    ['0', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 192.0.2.1', ['10.0.0.0/8', '192.0.2.1']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
    ['loopback', ['loopback']],
  ] as const)('%s is read as %j', (value, expected) => {
    expect(readConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('is off by default', () => {
    expect(readConfig({}).trustProxy).toBe(false);
  });

  it.each(['true', 'yes', '*', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/2', '99'])('refuses %s: nobody is trusted blindly', (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY muss/);
  });
});
