import { describe, expect, it } from 'vitest';
import {
  alertNotificationText,
  atOrAbove,
  attentionCount,
  BODY_MAX_CHARS,
  NOTIFIED_MEMORY,
  notifySeverityChoices,
  parseNotified,
  planNotifications,
  rememberNotified,
  shouldNotify,
  SUMMARY_TAG,
  type NotifyAlert,
} from '../../../src/core/notify.ts';

function alert(id: string, severity = 'critical', extra: Partial<NotifyAlert> = {}): NotifyAlert {
  return {
    id,
    severity,
    status: 'open',
    resource: `web${id}`,
    event: 'NodeDown',
    environment: 'Production',
    text: 'Host is not responding',
    service: ['Web'],
    repeat: false,
    ...extra,
  };
}

const summaryTitle = (count: number) => `${count} new alerts`;

describe('which alerts notify', () => {
  it('notifies at the chosen severity and above, in the default alarm model', () => {
    expect(atOrAbove('critical', 'critical')).toBe(true);
    expect(atOrAbove('security', 'critical')).toBe(true);
    expect(atOrAbove('major', 'critical')).toBe(false);
    expect(atOrAbove('major', 'minor')).toBe(true);
    expect(atOrAbove('warning', 'minor')).toBe(false);
  });

  it('follows a custom alarm model, and never lets an unknown severity count as severe', () => {
    const config = { severity: { P1: 1, P2: 2, P3: 3 } };
    expect(atOrAbove('P1', 'P2', config)).toBe(true);
    expect(atOrAbove('P3', 'P2', config)).toBe(false);
    expect(atOrAbove('bogus', 'P3', config)).toBe(false);
  });

  it('treats an empty minimum as critical', () => {
    expect(atOrAbove('critical', '')).toBe(true);
    expect(atOrAbove('major', '')).toBe(false);
  });

  it('notifies only open alerts that are not repeats', () => {
    expect(shouldNotify(alert('1'), 'critical')).toBe(true);
    expect(shouldNotify(alert('1', 'critical', { status: 'ack' }), 'critical')).toBe(false);
    expect(shouldNotify(alert('1', 'critical', { status: 'closed' }), 'critical')).toBe(false);
    expect(shouldNotify(alert('1', 'critical', { repeat: true }), 'critical')).toBe(false);
    expect(shouldNotify(alert('1', 'minor'), 'critical')).toBe(false);
  });
});

describe('severity choices for the threshold', () => {
  it('offers the severities above normal, most severe first', () => {
    expect(notifySeverityChoices()).toEqual(['security', 'critical', 'major', 'minor', 'warning', 'indeterminate', 'informational']);
  });

  it('offers every severity of a custom model that has no normal level, and keeps an unknown current choice', () => {
    expect(notifySeverityChoices({ severity: { P2: 2, P1: 1 } })).toEqual(['P1', 'P2']);
    expect(notifySeverityChoices({ severity: { P2: 2, P1: 1 } }, 'critical')).toEqual(['P1', 'P2', 'critical']);
  });
});

describe('planning notifications for one poll', () => {
  it('gives each alert its own notification with a per-alert tag and a link to the alert', () => {
    const plans = planNotifications([alert('a1'), alert('a2', 'major')], { minSeverity: 'major', summaryTitle });
    expect(plans.map((p) => p.tag)).toEqual(['alert-a1', 'alert-a2']);
    expect(plans[0]).toMatchObject({ kind: 'alert', path: '/alert/a1', ids: ['a1'], count: 1, severity: 'critical' });
    expect(plans[0]!.title).toBe('Critical: weba1 – NodeDown');
    expect(plans[0]!.body).toBe('Production · Web\nHost is not responding');
  });

  it('leaves out alerts below the chosen severity', () => {
    const plans = planNotifications([alert('a1', 'minor'), alert('a2', 'critical')], { minSeverity: 'critical', summaryTitle });
    expect(plans.map((p) => p.ids)).toEqual([['a2']]);
  });

  it('never notifies the same alert twice', () => {
    const plans = planNotifications([alert('a1'), alert('a1'), alert('a2')], { minSeverity: 'critical', summaryTitle, notified: new Set(['a2']) });
    expect(plans.map((p) => p.tag)).toEqual(['alert-a1']);
  });

  it('puts the most severe first', () => {
    const plans = planNotifications([alert('m', 'major'), alert('s', 'security'), alert('c', 'critical')], { minSeverity: 'major', summaryTitle });
    expect(plans.map((p) => p.ids[0])).toEqual(['s', 'c', 'm']);
  });

  it('notifies up to three alerts one by one, and groups four or more into one summary that opens the list', () => {
    expect(planNotifications(['1', '2', '3'].map((id) => alert(id)), { minSeverity: 'critical', summaryTitle })).toHaveLength(3);
    const plans = planNotifications(['1', '2', '3', '4', '5', '6'].map((id) => alert(id)), { minSeverity: 'critical', summaryTitle });
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ kind: 'summary', tag: SUMMARY_TAG, title: '6 new alerts', path: '/alerts', count: 6, ids: ['1', '2', '3', '4', '5', '6'] });
    expect(plans[0]!.body.split('\n')).toEqual([
      'Critical: web1 – NodeDown',
      'Critical: web2 – NodeDown',
      'Critical: web3 – NodeDown',
      'Critical: web4 – NodeDown',
      '+2',
    ]);
  });

  it('counts the alerts of a summary still on screen into the next summary', () => {
    const plans = planNotifications(['5', '6', '7', '8'].map((id) => alert(id)), {
      minSeverity: 'critical',
      summaryTitle,
      openSummary: { ids: ['1', '2', '3', '4'], count: 4 },
    });
    expect(plans[0]).toMatchObject({ title: '8 new alerts', count: 8, ids: ['5', '6', '7', '8', '1', '2', '3', '4'] });
    expect(plans[0]!.body.endsWith('+4')).toBe(true);
  });

  it('counts only qualifying alerts toward grouping', () => {
    const batch = [alert('1'), alert('2', 'minor'), alert('3', 'minor'), alert('4', 'minor'), alert('5')];
    const plans = planNotifications(batch, { minSeverity: 'critical', summaryTitle });
    expect(plans.map((p) => p.kind)).toEqual(['alert', 'alert']);
  });

  it('returns nothing when nothing qualifies', () => {
    expect(planNotifications([], { minSeverity: 'critical', summaryTitle })).toEqual([]);
    expect(planNotifications([alert('1', 'warning')], { minSeverity: 'critical', summaryTitle })).toEqual([]);
  });

  it('encodes odd alert ids in the link', () => {
    const plans = planNotifications([alert('a/b?c')], { minSeverity: 'critical', summaryTitle });
    expect(plans[0]!.path).toBe('/alert/a%2Fb%3Fc');
  });
});

describe('notification text', () => {
  it('keeps long alert text short and on few lines', () => {
    const { body } = alertNotificationText(alert('1', 'critical', { text: `very   long\n\ntext ${'x'.repeat(400)}` }));
    expect(body.length).toBeLessThanOrEqual(BODY_MAX_CHARS);
    expect(body.endsWith('…')).toBe(true);
    expect(body).toContain('very long text');
  });

  it('leaves out empty parts', () => {
    const { body } = alertNotificationText(alert('1', 'critical', { environment: '', service: [], text: '' }));
    expect(body).toBe('');
  });
});

describe('remembering notified alerts', () => {
  it('keeps the newest ids, without duplicates, up to the limit', () => {
    expect(rememberNotified(['a', 'b'], ['b', 'c'])).toEqual(['a', 'b', 'c']);
    const many = Array.from({ length: NOTIFIED_MEMORY }, (_, i) => `id${i}`);
    const next = rememberNotified(many, ['new']);
    expect(next).toHaveLength(NOTIFIED_MEMORY);
    expect(next[0]).toBe('id1');
    expect(next.at(-1)).toBe('new');
  });

  it('reads stored ids, and treats anything unreadable as an empty memory', () => {
    expect(parseNotified('["a","b"]')).toEqual(['a', 'b']);
    expect(parseNotified('["a",1,null]')).toEqual(['a']);
    expect(parseNotified('{oops')).toEqual([]);
    expect(parseNotified('{"a":1}')).toEqual([]);
    expect(parseNotified(null)).toEqual([]);
  });
});

describe('badge count and page title', () => {
  it('counts the alerts at or above the chosen severity', () => {
    const counts = { security: 1, critical: 3, major: 5, minor: 7 };
    expect(attentionCount(counts, 'critical')).toBe(4);
    expect(attentionCount(counts, 'major')).toBe(9);
    expect(attentionCount({}, 'critical')).toBe(0);
    expect(attentionCount(null, 'critical')).toBe(0);
  });

  it('ignores counts that are not positive numbers', () => {
    expect(attentionCount({ critical: Number.NaN, security: -2, major: 2 }, 'major')).toBe(2);
  });
});
