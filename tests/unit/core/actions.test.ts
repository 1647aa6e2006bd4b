import { hasPerms } from '../../../src/core/perms.ts';
import { describe, expect, it } from 'vitest';
import {
  customActionLabel,
  createLeadingDebounce,
  actionBody,
  actionTimeout,
  allowedActions,
  bulkWatchTarget,
  DELETE_ALERT_SCOPE,
  isActionAllowed,
  type AlertAction,
} from '../../../src/core/actions.ts';

describe('actions allowed per status', () => {
  const table: [string, AlertAction[]][] = [
    ['open', ['ack', 'shelve', 'close']],
    ['ack', ['open', 'unack', 'shelve', 'close']],
    ['shelved', ['unshelve', 'close']],
    ['closed', ['open']],
    ['expired', ['close']],
    ['bogus', ['close']],
  ];
  it.each(table)('status %s offers %j', (status, actions) => {
    expect(allowedActions(status)).toEqual(actions);
  });

  it('treats legacy alarm-model codes as their Alerta status', () => {
    expect(allowedActions('NORM')).toEqual(allowedActions('open'));
    expect(allowedActions('UNACK')).toEqual(allowedActions('open'));
    expect(allowedActions('RTNUN')).toEqual(allowedActions('open'));
    expect(allowedActions('ACKED')).toEqual(allowedActions('ack'));
    expect(allowedActions('SHLVD')).toEqual(allowedActions('shelved'));
  });

  it('answers single checks the same way', () => {
    expect(isActionAllowed('open', 'closed')).toBe(true);
    expect(isActionAllowed('open', 'open')).toBe(false);
    expect(isActionAllowed('open', 'shelved')).toBe(false);
    expect(isActionAllowed('ack', 'ack')).toBe(false);
    expect(isActionAllowed('close', 'closed')).toBe(false);
    expect(isActionAllowed('shelve', 'shelved')).toBe(false);
    expect(isActionAllowed('unack', 'ACKED')).toBe(true);
  });
});

describe('timeout sent with an action', () => {
  const config = { timeouts: { ack: 0, shelve: 7200 } };
  it('sends the preference when set', () => {
    expect(actionTimeout('ack', { ackTimeout: 3600, shelveTimeout: null }, config)).toBe(3600);
    expect(actionTimeout('shelve', { ackTimeout: null, shelveTimeout: 600 }, config)).toBe(600);
  });

  it('sends the config default Settings shows when the preference is unset (not null as the old console did)', () => {
    expect(actionTimeout('ack', { ackTimeout: null, shelveTimeout: null }, config)).toBe(0);
    expect(actionTimeout('shelve', { ackTimeout: null, shelveTimeout: null }, config)).toBe(7200);
  });

  it('sends null (server default) when neither is set', () => {
    expect(actionTimeout('ack', null, { timeouts: {} })).toBeNull();
    expect(actionTimeout('shelve', {}, undefined)).toBeNull();
  });

  it('sends no timeout with other actions', () => {
    for (const a of ['open', 'unack', 'unshelve', 'close', 'myCustomAction']) {
      expect(actionTimeout(a, { ackTimeout: 1, shelveTimeout: 1 }, config)).toBeUndefined();
    }
  });

  it('builds the action body with a timeout only for ack and shelve', () => {
    expect(actionBody('ack', 'on it', null, config)).toEqual({ action: 'ack', text: 'on it', timeout: 0 });
    expect(actionBody('close', '', null, config)).toEqual({ action: 'close', text: '' });
    expect('timeout' in actionBody('close', '', null, config)).toBe(false);
  });
});

describe('bulk watch toggle', () => {
  const watched = { tags: ['watch:alice'] };
  const unwatched = { tags: [] };
  it('watches all when any selected alert is not yet watched by the user', () => {
    expect(bulkWatchTarget([watched, unwatched], 'alice')).toBe(true);
    expect(bulkWatchTarget([{ tags: ['watch:bob'] }], 'alice')).toBe(true);
  });
  it('unwatches all when every selected alert is already watched', () => {
    expect(bulkWatchTarget([watched, watched], 'alice')).toBe(false);
  });
});

describe('deleting an alert', () => {
  const ctx = (scopes: string[]) => ({ authRequired: true, allowReadonly: false, authenticated: true, scopes });
  it('is offered to whoever may write alerts, as the Alerta server allows by default', () => {
    expect(hasPerms(DELETE_ALERT_SCOPE, ctx(['read', 'write']))).toBe(true);
    expect(hasPerms(DELETE_ALERT_SCOPE, ctx(['admin']))).toBe(true);
    expect(hasPerms(DELETE_ALERT_SCOPE, ctx(['read']))).toBe(false);
    expect(hasPerms(DELETE_ALERT_SCOPE, ctx(['read:alerts', 'write:heartbeats']))).toBe(false);
  });
});

describe('custom action labels: one name on every menu and message', () => {
  it('splits a configured name into words, capitalised', () => {
    expect(customActionLabel('createIssue')).toBe('Create Issue');
    expect(customActionLabel('restartService')).toBe('Restart Service');
    expect(customActionLabel('openJIRATicket')).toBe('Open JIRA Ticket');
  });

  it('leaves a name that is already words alone', () => {
    expect(customActionLabel('Escalate')).toBe('Escalate');
    expect(customActionLabel(' page on-call ')).toBe('Page on-call');
  });
});

describe('leading-edge debounce', () => {
  it('runs the first click and ignores clicks within 200 ms of the previous one', () => {
    let t = 1000;
    const tryRun = createLeadingDebounce(200, () => t);
    expect(tryRun()).toBe(true);
    t = 1100;
    expect(tryRun()).toBe(false);
    t = 1250; // 150 ms after the ignored click: still in the burst
    expect(tryRun()).toBe(false);
    t = 1450;
    expect(tryRun()).toBe(true);
  });
});
