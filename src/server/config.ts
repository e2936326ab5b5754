import { isIP } from 'node:net';
import { z } from 'zod';
import { mailboxOf } from './mail/outbox.ts';

/** The environment of DESIGN §6, parsed once at start-up. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1).default('sqlite:db/club.sqlite'),
  UPLOADS_DIR: z.string().min(1).default('uploads'),
  ADMIN_UID: z.string().regex(/^\d{8}$/, 'ADMIN_UID muss aus genau 8 Ziffern bestehen').default('00000001'),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL muss mit smtp:// oder smtps:// beginnen, z. B. smtp://user:pass@mail.example.org:587')
    .optional(),
  MAIL_FROM: z.string().min(1).optional(),
  CLUB_LAT: z.coerce.number().min(-90).max(90).optional(),
  CLUB_LON: z.coerce.number().min(-180).max(180).optional(),
  CLUB_PROFILE: z.string().min(1).optional(),
  TRUST_PROXY: z.string().default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  uploadsDir: string;
  adminUid: string;
  adminPassword: string | undefined;
  publicUrl: string;
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** CONTACT_TO_<RECIPIENT>, keyed by the recipient identifier in lower case (lg-lp for CONTACT_TO_LG_LP). */
  contactTo: Record<string, string>;
  clubLat: number | undefined;
  clubLon: number | undefined;
  /** CLUB_PROFILE: the club's profile file; unset means club.json in the project root. */
  clubProfilePath: string | undefined;
  logLevel: string;
  /**
   * Behind a reverse proxy: which hops of X-Forwarded-For are the proxy's own (login
   * limits, log). A hop count or the proxies' addresses, never "everybody".
   */
  trustProxy: TrustProxy;
}

/** false: no proxy; a number: that many proxy hops in front; a list: the proxies' addresses or ranges. */
export type TrustProxy = false | number | string[];

/** Named ranges that proxy-addr (Fastify's trustProxy) understands besides addresses and CIDR. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_HELP =
  'TRUST_PROXY muss 0 (kein Proxy), die Zahl der Proxys vor der Seite (z. B. 1) oder eine durch Kommas getrennte Liste ihrer Adressen bzw. Bereiche sein (z. B. 127.0.0.1,10.0.0.0/8).';

/** TRUST_PROXY as Fastify's trustProxy; `true` (trust every sender of X-Forwarded-For) is refused. */
export function parseTrustProxy(value: string): TrustProxy {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === '' || trimmed === '0' || trimmed === 'false') return false;
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops > 10) throw new Error(`Ungültige Konfiguration: ${TRUST_PROXY_HELP}`);
    return hops;
  }
  const entries = trimmed.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0 || !entries.every(isAddressOrRange)) throw new Error(`Ungültige Konfiguration: ${TRUST_PROXY_HELP}`);
  return entries;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    throw new Error(`Ungültige Konfiguration: ${z.prettifyError(parsed.error)}`);
  }
  const values = parsed.data;
  if (values.SMTP_URL && !values.MAIL_FROM) {
    throw new Error('Ungültige Konfiguration: Mit SMTP_URL muss auch MAIL_FROM gesetzt sein (der Absender der Mails).');
  }
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  const contactTo: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    const match = /^CONTACT_TO_(.+)$/.exec(key);
    if (!match?.[1] || !value) continue;
    // A list or a line break here would send every contact message to more than one mailbox.
    if (mailboxOf(value.trim()) === undefined) {
      throw new Error(`Ungültige Konfiguration: ${key} muss genau eine E-Mail-Adresse sein, z. B. vorstand@example.org oder Vorstand <vorstand@example.org>.`);
    }
    contactTo[match[1].toLowerCase().replaceAll('_', '-')] = value.trim();
  }
  if (values.MAIL_FROM && mailboxOf(values.MAIL_FROM.trim()) === undefined) {
    throw new Error('Ungültige Konfiguration: MAIL_FROM muss genau eine E-Mail-Adresse sein, z. B. Schützenverein <webmaster@example.org>.');
  }
  return {
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    uploadsDir: values.UPLOADS_DIR,
    adminUid: values.ADMIN_UID,
    adminPassword: values.ADMIN_PASSWORD,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    contactTo,
    clubLat: values.CLUB_LAT,
    clubLon: values.CLUB_LON,
    clubProfilePath: values.CLUB_PROFILE,
    logLevel: values.LOG_LEVEL,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
  };
}
