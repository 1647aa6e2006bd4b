// Actions on a whole group of alerts (src/core/alert-groups.ts): the worker works out every alert of the group (also
// those no tab has loaded) and acts on each; the dialog shows the confirmation, the progress and the outcome, with a
// retry of the alerts that failed. State in src/app/state/groups.ts (groupActionAtom).
import * as Comlink from 'comlink';
import type { AlertsView } from '../../core/types.ts';
import type { GroupAction } from '../../core/alert-groups.ts';
import type { BulkResult, GroupActionProgress, Result } from '../../worker/contract/index.ts';
import { dataWorker } from '../worker-client.ts';
import { store } from '../state/store.ts';
import { groupActionAtom, type GroupActionState } from '../state/groups.ts';

function update(patch: Partial<GroupActionState>) {
  store.set(groupActionAtom, (s) => (s ? { ...s, ...patch } : s));
}

function finish(result: Result<BulkResult>) {
  if (!result.ok) {
    update({ phase: 'done', outcome: { done: 0, failed: [], queued: 0, error: result.error.message, firstFailure: null } });
    return;
  }
  const { succeeded, failed, queued } = result.value;
  update({
    phase: 'done',
    outcome: { done: succeeded.length, failed: failed.map((f) => f.id), queued: queued.length, error: null, firstFailure: failed[0]?.error.message ?? null },
  });
}

const onProgress = () => Comlink.proxy((progress: GroupActionProgress) => update({ progress }));

export const groupCommands = {
  /** Acts on every alert of the group `key` of the list's `view` (the confirmation has been given). */
  async run(view: AlertsView, key: string, action: GroupAction): Promise<void> {
    update({ phase: 'running', progress: undefined, outcome: undefined });
    try {
      finish(await dataWorker.actOnGroup({ view, key, action }, onProgress()));
    } catch (error) {
      finish({ ok: false, error: { kind: 'internal', message: error instanceof Error ? error.message : String(error) } });
    }
  },

  /** Acts again on the alerts that failed, and on them only. */
  async retry(ids: string[], action: GroupAction): Promise<void> {
    update({ phase: 'running', progress: { done: 0, total: ids.length }, outcome: undefined });
    try {
      const run =
        action === 'delete'
          ? dataWorker.deleteAlerts(ids)
          : action === 'watch' || action === 'unwatch'
            ? dataWorker.watch(ids, action === 'watch')
            : dataWorker.act(ids, action);
      finish(await run);
    } catch (error) {
      finish({ ok: false, error: { kind: 'internal', message: error instanceof Error ? error.message : String(error) } });
    }
  },
};
