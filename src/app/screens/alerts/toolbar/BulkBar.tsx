// The alerts toolbar with rows selected: what can be done to all of them (watch, ack, shelve, close, delete, the
// custom actions), with full screen and refresh. Loaded once the first rows are on screen (Toolbar.tsx).
import { useAtomValue, useStore } from 'jotai';
import { bulkWatchTarget } from '../../../../core/actions.ts';
import { bulkTargets } from '../../../../core/alerts-selection.ts';
import type { AlertRow } from '../../../../worker/contract/index.ts';
import { rowOf } from '../../../state/alerts.ts';
import type { Store } from '../../../state/store.ts';
import { useT } from '../../../state/i18n.ts';
import { actionLabel } from '../../../i18n/labels.ts';
import { clearSelection, pendingDeleteAtom, rowContextAtom } from '../../../state/alerts-screen.ts';
import { alertCommands } from '../../../data/alerts.ts';
import { listBusyAtom } from '../../../data/commands.ts';
import { Button, IconButton } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { LATER_ICONS } from '../../../components/later-icons.ts';
import { ActionMenu } from '../../../components/ActionMenu.tsx';
import { menuItemsClass, useRefresh, type FullscreenControl } from './toolbar-parts.ts';

function selectedRows(store: Store, selection: ReadonlySet<string>): AlertRow[] {
  return [...selection].flatMap((id) => rowOf(store, id) ?? []);
}

export default function BulkBar({ fullscreen, selection }: { fullscreen: FullscreenControl; selection: ReadonlySet<string> }) {
  const { t } = useT();
  const store = useStore();
  const busy = useAtomValue(listBusyAtom);
  const ctx = useAtomValue(rowContextAtom);
  const [refreshing, refresh] = useRefresh();
  const rows = selectedRows(store, selection);
  const username = ctx?.username ?? null;
  const watchOn = username ? bulkWatchTarget(rows, username) : true;
  const ids = rows.map((r) => r.id);
  // Bulk actions clear the selection afterwards; the worker reloads the list after every command.
  const done = () => clearSelection(store);
  // Targets are worked out at the click, from the rows as they are then (a poll may have changed a status).
  const act = (action: 'ack' | 'shelve' | 'close') => void alertCommands.act('list', bulkTargets(selectedRows(store, selection), action), action).then(done);

  return (
    <div className="flex flex-wrap items-center gap-1 px-2 py-1" role="toolbar" aria-label={t('AlertsBulkActions')}>
      <IconButton icon={LATER_ICONS.arrowBack} label={t('Back')} onClick={done} />
      <span className="mr-2 font-semibold" aria-live="polite">
        {t('RowsSelected', { count: selection.size })}
      </span>
      {ctx?.canWrite && (
        <>
          {username && (
            <Button variant="ghost" icon={watchOn ? 'visibility' : 'visibilityOff'} className="text-white hover:bg-white/15" disabled={busy} onClick={() => void alertCommands.watch('list', ids, watchOn).then(done)}>
              {watchOn ? t('Watch') : t('Unwatch')}
            </Button>
          )}
          <Button variant="ghost" icon="ack" className="text-white hover:bg-white/15" disabled={busy || bulkTargets(rows, 'ack').length === 0} onClick={() => act('ack')}>
            {t('Ack')}
          </Button>
          <Button variant="ghost" icon="shelve" className="text-white hover:bg-white/15" disabled={busy || bulkTargets(rows, 'shelve').length === 0} onClick={() => act('shelve')}>
            {t('Shelve')}
          </Button>
          <Button variant="ghost" icon="closeAlert" className="text-white hover:bg-white/15" disabled={busy || bulkTargets(rows, 'close').length === 0} onClick={() => act('close')}>
            {t('Close')}
          </Button>
          {ctx.canDelete && (
            <Button variant="ghost" icon="delete" className="text-white hover:bg-white/15" disabled={busy} onClick={() => store.set(pendingDeleteAtom, { ids, bulk: true })}>
              {t('Delete')}
            </Button>
          )}
          {ctx.customActions.length > 0 && (
            <ActionMenu
              label={t('Actions')}
              buttonClassName="inline-flex h-9 w-9 items-center justify-center rounded-full hover:bg-white/15"
              button={<Icon name="moreVert" />}
              itemsClassName={menuItemsClass}
              entries={ctx.customActions.map((action) => ({ key: action, label: actionLabel(action, t), onSelect: () => void alertCommands.act('list', ids, action).then(done) }))}
            />
          )}
        </>
      )}
      <span className="ml-auto flex items-center">
        <IconButton icon={fullscreen.active ? 'fullscreenExit' : 'fullscreen'} label={fullscreen.active ? t('ExitFullScreen') : t('FullScreen')} onClick={fullscreen.toggle} />
        <IconButton icon="refresh" label={t('Refresh')} onClick={refresh} className={refreshing ? 'animate-spin' : ''} />
      </span>
    </div>
  );
}
