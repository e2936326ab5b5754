import { z } from 'zod';

/** The environment of DESIGN §6, parsed once at start-up. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1).default('sqlite:db/club.sqlite'),
  UPLOADS_DIR: z.string().min(1).default('uploads'),
  ADMIN_UID: z.string().regex(/^\d{8}$/, 'ADMIN_UID muss aus genau 8 Ziffern bestehen').default('00000001'),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(1).optional(),
  CLUB_LAT: z.coerce.number().min(-90).max(90).optional(),
  CLUB_LON: z.coerce.number().min(-180).max(180).optional(),
  CLUB_PROFILE: z.string().min(1).optional(),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
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
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (login limits, log). */
  trustProxy: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    throw new Error(`Ungültige Konfiguration: ${z.prettifyError(parsed.error)}`);
  }
  const values = parsed.data;
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  const contactTo: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    const match = /^CONTACT_TO_(.+)$/.exec(key);
    if (match?.[1] && value) contactTo[match[1].toLowerCase().replaceAll('_', '-')] = value;
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
    trustProxy: values.TRUST_PROXY === '1' || values.TRUST_PROXY === 'true',
  };
}
