import type { Transporter } from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string };

/**
 * Sends the server's emails over SMTP (nodemailer); built only when SMTP_URL is set. nodemailer
 * is loaded with the first email, not with the server: most servers send none for hours, and
 * it adds time to the start and memory to an idle server.
 */
export class Mailer {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}

  private connect(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(this.smtpUrl));
    return this.transport;
  }

  async send(mail: Mail): Promise<void> {
    await (await this.connect()).sendMail({ from: this.from, ...mail });
  }

  async close(): Promise<void> {
    (await this.transport)?.close();
  }
}

/** The job queue of the server's emails (lib/jobs.ts): `Mail` payloads, sent once their transaction commits. */
export const MAIL_QUEUE = 'mail';

/**
 * The mail queue's handler: sends with `mailer`, or without SMTP_URL writes one info line for
 * the operator to pass the message on. A failed send throws, so the queue tries it again later.
 */
export function mailHandler(mailer: Mailer | null, log: { info: (obj: object, msg: string) => void }) {
  return async (job: { payload: Mail }): Promise<void> => {
    if (!mailer) {
      log.info({ to: job.payload.to, subject: job.payload.subject }, 'No SMTP_URL: pass this email on');
      return;
    }
    await mailer.send(job.payload);
  };
}
