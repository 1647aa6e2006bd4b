// Outgoing mail. There is no mail server in the demo, so messages (signup confirmation, password
// reset) are appended to a log file the developer can read, and kept in memory for tests.
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  time: string;
}

export class MailLog {
  readonly messages: MailMessage[] = [];
  /** called for every message, e.g. to print it when there is no log file */
  onSend: ((m: MailMessage) => void) | null = null;
  constructor(private readonly file: string | null) {
    if (file) mkdirSync(path.dirname(file), { recursive: true });
  }

  send(msg: Omit<MailMessage, 'time'>): MailMessage {
    const m = { ...msg, time: new Date().toISOString() };
    this.messages.push(m);
    if (this.messages.length > 200) this.messages.shift();
    if (this.file) {
      appendFileSync(this.file, `--- ${m.time}\nTo: ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n\n`);
    }
    this.onSend?.(m);
    return m;
  }

  get path(): string | null {
    return this.file;
  }
}
