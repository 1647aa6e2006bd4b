// The Alerta alarm model (severity codes, trend, status transitions), as pure functions so they can be
// unit-tested without a database. Mirrors the real server's 'ALERTA' state machine, including its 409s.
import { ApiError } from './errors.ts';
import { severityCode as codeOf, trendBetween, type Trend } from '../src/core/severity.ts';

export const STATUS_CODES: Record<string, string> = {
  open: 'A',
  assign: 'B',
  ack: 'C',
  shelved: 'D',
  blackout: 'E',
  closed: 'F',
  expired: 'G',
  unknown: 'H',
};

export const KNOWN_ACTIONS = ['open', 'assign', 'ack', 'unack', 'shelve', 'unshelve', 'close', 'expired', 'timeout'] as const;

export interface AlarmModel {
  severity: Record<string, number>;
  normalSeverity: string;
  previousSeverity: string;
}

export function isValidSeverity(model: AlarmModel, severity: string): boolean {
  return Object.prototype.hasOwnProperty.call(model.severity, severity);
}

/** The console's rule (src/core/severity.ts), with this server's alarm model: an unknown severity after every known one. */
export function severityCode(model: AlarmModel, severity: string): number {
  return codeOf(severity, { severity: model.severity });
}

export function isNormal(model: AlarmModel, severity: string): boolean {
  return severityCode(model, severity) === severityCode(model, model.normalSeverity);
}

/** Severities sorted most severe first, the order the real server lists them in its error message. */
export function validSeverities(model: AlarmModel): string[] {
  return Object.keys(model.severity).sort((a, b) => (model.severity[a] as number) - (model.severity[b] as number));
}

/** The console's rule (src/core/severity.ts), with this server's alarm model. */
export function trend(model: AlarmModel, previous: string, current: string): Trend {
  return trendBetween(previous, current, { severity: model.severity });
}

export interface TransitionInput {
  /** severity of the alert being received or acted on */
  severity: string;
  previousSeverity: string | null;
  /** status carried by an incoming alert (senders may set one); 'open' by default */
  incomingStatus?: string;
  currentStatus: string | null;
  previousStatus: string | null;
  action?: string | null;
}

export interface TransitionResult {
  severity: string;
  status: string;
}

const invalid = (message: string): ApiError => new ApiError(message, 409);

/**
 * Next severity and status. Throws ApiError 409 for an action that is invalid in the current status.
 * An unknown action name leaves severity and status unchanged (the real server treats it as a plugin action).
 */
export function transition(model: AlarmModel, input: TransitionInput): TransitionResult {
  const current = input.currentStatus || 'open';
  const previousStatus = input.previousStatus || 'open';
  const sev = input.severity;
  const prevSev = input.previousSeverity || model.previousSeverity;
  const action = input.action ?? null;
  const normal = isNormal(model, sev);
  const incoming = input.incomingStatus ?? 'open';

  if (!isValidSeverity(model, sev)) {
    throw new ApiError(`Severity (${sev}) is not one of ${validSeverities(model).join(', ')}`, 400);
  }
  if (action && !(KNOWN_ACTIONS as readonly string[]).includes(action)) {
    return { severity: sev, status: input.currentStatus ?? incoming };
  }
  if (!action && incoming !== 'open') {
    if (normal) return { severity: model.normalSeverity, status: 'closed' };
    return { severity: sev, status: incoming };
  }
  if (action === 'unack') {
    if (current === 'ack') return { severity: sev, status: previousStatus };
    throw invalid(`invalid action for current ${current} status`);
  }
  if (action === 'unshelve') {
    if (current === 'shelved') return { severity: sev, status: previousStatus };
    throw invalid(`invalid action for current ${current} status`);
  }
  if (action === 'expired') return { severity: sev, status: 'expired' };
  if (action === 'timeout') return { severity: sev, status: previousStatus === 'ack' || previousStatus === 'shelved' ? 'open' : previousStatus };

  if (current === 'open') {
    if (action === 'open') throw invalid(`alert is already in ${current} status`);
    if (action === 'ack') return { severity: sev, status: 'ack' };
    if (action === 'shelve') return { severity: sev, status: 'shelved' };
    if (action === 'close') return { severity: model.normalSeverity, status: 'closed' };
  }
  if (current === 'ack') {
    if (action === 'open') return { severity: sev, status: 'open' };
    if (action === 'ack') throw invalid(`alert is already in ${current} status`);
    if (action === 'shelve') return { severity: sev, status: 'shelved' };
    if (action === 'close') return { severity: model.normalSeverity, status: 'closed' };
    // re-open an acked alert when its severity really increases (not merely from the default previous severity)
    if (!action && prevSev !== model.previousSeverity && trend(model, prevSev, sev) === 'moreSevere') {
      return { severity: sev, status: 'open' };
    }
  }
  if (current === 'shelved') {
    if (action === 'open') return { severity: sev, status: 'open' };
    if (action === 'ack') throw invalid(`invalid action for current ${current} status`);
    if (action === 'shelve') throw invalid(`alert is already in ${current} status`);
    if (action === 'close') return { severity: model.normalSeverity, status: 'closed' };
  }
  if (current === 'blackout') {
    if (action === 'close') return { severity: model.normalSeverity, status: 'closed' };
    return { severity: sev, status: previousStatus !== 'blackout' ? previousStatus : current };
  }
  if (current === 'closed') {
    if (action === 'open') return { severity: prevSev, status: 'open' };
    if (action === 'ack' || action === 'shelve') throw invalid(`invalid action for current ${current} status`);
    if (action === 'close') throw invalid(`alert is already in ${current} status`);
    if (!normal) return { severity: sev, status: previousStatus === 'shelved' ? 'shelved' : 'open' };
  }
  // auto-close normal severity alerts from any state
  if (normal) return { severity: model.normalSeverity, status: 'closed' };
  if (current === 'expired') {
    if (action && action !== 'open') throw invalid(`invalid action for current ${current} status`);
    return { severity: sev, status: 'open' };
  }
  return { severity: sev, status: current };
}

/**
 * The status before the current one, read from history (newest last): the first status, walking
 * backwards, that differs from the current status. The real server derives unack/unshelve targets this way.
 */
export function previousStatusFromHistory(current: string, statuses: (string | null)[]): string {
  for (let i = statuses.length - 1; i >= 0; i--) {
    const s = statuses[i];
    if (s && s !== current) return s;
  }
  return 'open';
}

/** Scope check with the real server's hierarchy: admin > write > read (and delete → write), `x` covers `x:y`. */
export function isInScope(want: string, have: readonly string[]): boolean {
  if (!want) return true;
  if (have.includes(want) || have.includes(want.split(':')[0] as string)) return true;
  if (want.startsWith('write')) return isInScope(want.replace('write', 'admin'), have);
  if (want.startsWith('read')) return isInScope(want.replace('read', 'write'), have);
  if (want.startsWith('delete')) return isInScope(want.replace('delete', 'write'), have);
  return false;
}
