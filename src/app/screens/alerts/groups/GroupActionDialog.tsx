// An action on every alert of a group: the confirmation that says how many ("Ack 83 alerts of DiskFull?"), the
// progress while it runs, and the outcome (n done, m failed with the first reason, or queued without a network), with
// a retry of the failed ones. The worker does the work (src/app/data/groups.ts).
import { useAtom, useStore } from 'jotai';
import { Dialog } from '../../../components/Dialog.tsx';
import { Button } from '../../../components/Button.tsx';
import { useT } from '../../../state/i18n.ts';
import { groupActionAtom } from '../../../state/groups.ts';
import { viewAtom } from '../../../state/alerts-screen.ts';
import { groupCommands } from '../../../data/groups.ts';
import { actionName, groupName } from './group-labels.ts';

export function GroupActionDialog() {
  const { t } = useT();
  const store = useStore();
  const [state, setState] = useAtom(groupActionAtom);
  if (!state) return null;
  const action = actionName(state.action, t);
  const group = groupName(state.key, t);
  const close = () => setState(null);
  const running = state.phase === 'running';
  const outcome = state.outcome;

  let body;
  let footer;
  if (state.phase === 'confirm') {
    body = <p>{t('GroupActionConfirm', { action, count: state.count, group })}</p>;
    footer = (
      <>
        <Button onClick={close} autoFocus>
          {t('Cancel')}
        </Button>
        <Button variant={state.action === 'delete' ? 'danger' : 'primary'} onClick={() => void groupCommands.run(store.get(viewAtom), state.key, state.action)}>
          {t('GroupActionConfirmButton', { action, count: state.count })}
        </Button>
      </>
    );
  } else if (running) {
    const done = state.progress?.done ?? 0;
    const total = state.progress?.total ?? state.count;
    body = (
      <div>
        <p role="status">{t('GroupActionRunning', { action, done, total })}</p>
        <div
          role="progressbar"
          aria-label={t('GroupActionRunning', { action, done, total })}
          aria-valuemin={0}
          aria-valuemax={Math.max(1, total)}
          aria-valuenow={done}
          className="mt-3 h-2 overflow-hidden rounded bg-gray-200 dark:bg-gray-700"
        >
          <div className="h-full bg-brand transition-[width]" style={{ width: `${total ? Math.round((done / total) * 100) : 0}%` }} />
        </div>
      </div>
    );
    footer = <Button disabled>{t('Close')}</Button>;
  } else {
    const failed = outcome?.failed ?? [];
    body = (
      <div role="status" className="space-y-2">
        {outcome?.error ? (
          <p className="text-red-700 dark:text-red-300">{outcome.error}</p>
        ) : outcome && outcome.done + failed.length + outcome.queued === 0 ? (
          <p>{t('GroupActionNone', { group })}</p>
        ) : (
          <>
            {outcome && outcome.done + failed.length > 0 && <p className="font-semibold">{t('GroupActionDone', { action, done: outcome.done, failed: failed.length })}</p>}
            {outcome && outcome.queued > 0 && <p>{t('GroupActionQueued', { count: outcome.queued })}</p>}
            {outcome?.firstFailure && <p className="text-red-700 dark:text-red-300">{t('GroupActionFailedReason', { reason: outcome.firstFailure })}</p>}
          </>
        )}
      </div>
    );
    footer = (
      <>
        {failed.length > 0 && (
          <Button onClick={() => void groupCommands.retry(failed, state.action)}>{t('RetryFailed', { count: failed.length })}</Button>
        )}
        <Button variant="primary" onClick={close} autoFocus>
          {t('Close')}
        </Button>
      </>
    );
  }
  // While it runs the dialog stays: closing it would hide the progress of something still under way.
  return (
    <Dialog open onClose={running ? () => undefined : close} size="sm" title={`${t('GroupActionAll', { action })}: ${group}`} footer={footer}>
      {body}
    </Dialog>
  );
}
