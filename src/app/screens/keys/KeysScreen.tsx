// API keys: masked until shown, copyable, with scopes, customer, expiry, status and last use. A new key can only
// carry scopes the user holds (the API would refuse others with 403).
import { useId, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { ApiKey } from '../../../core/types.ts';
import {
  apiKeyBody,
  coveredScopes,
  fromDateTimeInput,
  grantableScopes,
  keyScopes,
  keyStatus,
  maskKey,
  NEW_KEY_SCOPES,
  SCREEN_SCOPES,
  scopesOutside,
  toDateTimeInput,
} from '../../../core/admin-rules.ts';
import { configAtom } from '../../state/session.ts';
import { prefsAtom } from '../../state/user.ts';
import { useT } from '../../state/i18n.ts';
import { IconButton } from '../../components/Button.tsx';
import { AdminPage, NoAccess } from '../admin-kit/AdminPage.tsx';
import { DataTable, type Column } from '../admin-kit/DataTable.tsx';
import { pagePropsOf, tablePropsOf, useSuggestions } from '../admin-kit/hooks.ts';
import { usePerms } from '../../hooks/usePerms.ts';
import { useNow } from '../../hooks/useNow.ts';
import { useFormatDate } from '../../hooks/useFormatDate.ts';
import { adminCommands, scopesQuery, useResourceList } from '../../data/admin.ts';
import { useQuery } from '../../data/query.ts';

const EMPTY: string[] = [];
import { Chips, StatusBadge } from '../admin-kit/StatusBadge.tsx';
import { DeleteButton, EditButton, useConfirmDelete } from '../admin-kit/ItemActions.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { FormDialog } from '../admin-kit/FormDialog.tsx';
import { TextField } from '../admin-kit/FormFields.tsx';
import { ScopePicker } from '../admin-kit/ScopePicker.tsx';

type DialogState = { mode: 'create' } | { mode: 'edit'; key: ApiKey };

function KeyDialog({ state, grantable, onClose, onSaved }: { state: DialogState; grantable: string[]; onClose: () => void; onSaved: (key: string) => void }) {
  const { t } = useT();
  const config = useAtomValue(configAtom);
  const tz = useAtomValue(prefsAtom).timezone;
  const lists = useSuggestions(state !== null && !!config?.customer_views);
  const editing = state.mode === 'edit' ? state.key : null;
  const [text, setText] = useState(editing?.text ?? '');
  // a new key starts with nothing ticked: it gets exactly the scopes the user chooses
  const [scopes, setScopes] = useState<string[]>(() => [...(editing ? editing.scopes : NEW_KEY_SCOPES)]);
  const [customer, setCustomer] = useState(editing?.customer ?? '');
  const [expires, setExpires] = useState(() => (editing ? toDateTimeInput(editing.expireTime, tz) : ''));
  const [errors, setErrors] = useState<{ scopes?: string; expires?: string }>({});
  const [apiError, setApiError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const resultId = useId();

  // An existing key may carry scopes the editor does not hold: show them so they are not silently dropped.
  const options = [...new Set([...grantable, ...(state.mode === 'edit' ? state.key.scopes : [])])];
  const result = keyScopes(scopes, options);
  const covered = coveredScopes(result);

  const submit = async () => {
    const next: typeof errors = {};
    if (scopes.length === 0) next.scopes = t('ChooseAtLeastOneScope');
    else {
      const outside = scopesOutside(scopes, grantable);
      if (outside.length) next.scopes = t('ScopesNotHeld', { scopes: outside.join(', ') });
    }
    let expireTime: string | undefined;
    if (expires) {
      const ms = fromDateTimeInput(expires, tz);
      if (ms === null) next.expires = t('NotValid');
      else if (ms <= Date.now()) next.expires = t('ExpiryInPast');
      else expireTime = new Date(ms).toISOString();
    }
    setErrors(next);
    if (Object.keys(next).length) return;
    // every scope is grantable here (checked above), so the grantable list gives the server's order
    const body = apiKeyBody({ text, scopes, customer, expireTime }, grantable, { customerViews: !!config?.customer_views, original: editing ?? undefined });
    setSaving(true);
    const r =
      state.mode === 'create'
        ? await adminCommands.create('keys', t('Save'), body, { level: 'success', key: 'KeyCreated', text: 'API key created' })
        : await adminCommands.update('keys', t('Save'), state.key.key, body);
    setSaving(false);
    if (!r.ok) return setApiError(r.message);
    onSaved((r.value as ApiKey).key);
  };

  return (
    <FormDialog open title={state.mode === 'create' ? t('NewApiKey') : t('EditApiKey')} onClose={onClose} onSubmit={() => void submit()} saving={saving} apiError={apiError} size="lg">
      <TextField label={t('Description')} value={text} onChange={setText} autoFocus hint={t('KeyDescriptionHint')} />
      <ScopePicker legend={t('Scopes')} options={options} selected={scopes} onChange={setScopes} error={errors.scopes} hint={t('KeyScopesHint')} />
      {/* What the key will be given, before it is saved (a live region: it follows the boxes). */}
      <div className="mb-3 text-sm">
        <span id={resultId} className="font-semibold">
          {t('KeyScopesResult')}
        </span>
        <output aria-labelledby={resultId} aria-live="polite" className="mt-1 block">
          {result.length === 0 ? (
            <span className="text-gray-600 dark:text-gray-300">{t('NoScopeChosen')}</span>
          ) : (
            <Chips values={result} />
          )}
          {covered.map((c) => (
            <span key={c.scope} className="mt-1 block text-xs text-gray-600 dark:text-gray-300">
              {t('ScopeCoveredBy', { scope: c.scope, by: c.by })}
            </span>
          ))}
        </output>
      </div>
      {config?.customer_views && <TextField label={t('Customer')} value={customer} onChange={setCustomer} suggestions={lists.customers} hint={t('KeyCustomerHint')} />}
      <TextField type="datetime-local" label={t('Expires')} value={expires} onChange={setExpires} error={errors.expires} hint={t('KeyExpiryHint')} />
    </FormDialog>
  );
}

export function KeysScreen() {
  const { t, formatRelativeTime } = useT();
  const { can, scopes: held } = usePerms();
  const config = useAtomValue(configAtom);
  const { format, utcTooltip } = useFormatDate();
  const now = useNow(30_000);
  const canView = can(SCREEN_SCOPES.keys.view);
  const canManage = can(SCREEN_SCOPES.keys.manage);
  const list = useResourceList('keys', canView);
  const known = useQuery(canManage ? scopesQuery : null).data ?? EMPTY;
  const [shown, setShown] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<DialogState | null>(null);

  const grantable = useMemo(() => (config?.auth_required === false ? known : grantableScopes(held, known)), [config?.auth_required, held, known]);

  const del = useConfirmDelete<ApiKey>(
    (k) => k.text || maskKey(k.key),
    async (k) => {
      await adminCommands.remove('keys', t('Delete'), k.key);
    },
  );

  const toggle = (key: string) =>
    setShown((s) => {
      const n = new Set(s);
      if (n.has(key)) n.delete(key);
      else n.add(key);
      return n;
    });

  const columns = useMemo<Column<ApiKey>[]>(
    () => [
      {
        id: 'key',
        header: t('APIKey'),
        primary: true,
        cell: (k) => {
          const visible = shown.has(k.key);
          return (
            <span className="inline-flex items-center gap-0.5">
              <code className={`rounded bg-gray-100 px-1.5 py-0.5 text-xs dark:bg-gray-800 ${visible ? 'break-all' : ''}`}>{visible ? k.key : maskKey(k.key)}</code>
              <IconButton icon={visible ? 'visibilityOff' : 'visibility'} label={visible ? t('HideKey') : t('ShowKey')} pressed={visible} onClick={() => toggle(k.key)} size={18} className="h-8 w-8" />
              <CopyButton text={() => k.key} label={t('CopyKey')} small />
            </span>
          );
        },
      },
      {
        id: 'status',
        header: t('Status'),
        sort: (k) => keyStatus(k, now),
        cell: (k) => (keyStatus(k, now) === 'active' ? <StatusBadge tone="ok">{t('Active')}</StatusBadge> : <StatusBadge tone="bad">{t('Expired')}</StatusBadge>),
      },
      { id: 'text', header: t('Description'), sort: (k) => k.text, className: 'max-w-xs break-words', cell: (k) => k.text },
      { id: 'scopes', header: t('Scopes'), cell: (k) => <Chips values={k.scopes} /> },
      ...(config?.customer_views
        ? [{ id: 'customer', header: t('Customer'), sort: (k: ApiKey) => k.customer, cell: (k: ApiKey) => k.customer ?? t('AllCustomersPlaceholder') }]
        : []),
      { id: 'user', header: t('User'), sort: (k) => k.user, cell: (k) => k.user },
      {
        id: 'expires',
        header: t('Expires'),
        sort: (k) => Date.parse(k.expireTime) || null,
        className: 'whitespace-nowrap',
        cell: (k) => {
          const ms = Date.parse(k.expireTime);
          return (
            <span title={utcTooltip(k.expireTime)}>
              {format(k.expireTime)}
              {/* the medium format has no year: the distance tells whether it is next week or next year */}
              {Number.isFinite(ms) && <span className="block text-xs text-gray-500 dark:text-gray-400">{formatRelativeTime(Math.round((ms - now) / 1000))}</span>}
            </span>
          );
        },
      },
      {
        id: 'lastUsed',
        header: t('LastUsed'),
        sort: (k) => (k.lastUsedTime ? Date.parse(k.lastUsedTime) : null),
        className: 'whitespace-nowrap',
        cell: (k) =>
          k.lastUsedTime ? (
            <span title={utcTooltip(k.lastUsedTime)}>
              {format(k.lastUsedTime)}
              <span className="block text-xs text-gray-500 dark:text-gray-400">{t('UsedTimes', { count: k.count ?? 0 })}</span>
            </span>
          ) : (
            <span className="text-gray-500 dark:text-gray-400">{t('NeverUsed')}</span>
          ),
      },
    ],
    [t, shown, now, format, utcTooltip, config?.customer_views, formatRelativeTime],
  );

  if (!canView) return <NoAccess title={t('APIKeys')} />;

  return (
    <AdminPage
      title={t('APIKeys')}
      icon="key"
      {...pagePropsOf(list)}
      createLabel={canManage ? t('NewApiKey') : undefined}
      onCreate={() => setDialog({ mode: 'create' })}
      readOnly={!canManage}
    >
      <DataTable
        label={t('APIKeys')}
        columns={columns}
        rows={list.items}
        rowKey={(k) => k.id}
        searchText={(k) => [k.text, k.user, k.customer, ...k.scopes, shown.has(k.key) ? k.key : k.key.slice(-4)]}
        {...tablePropsOf(list)}
        initialSort={{ id: 'expires', direction: 'desc' }}
        actions={
          canManage
            ? (k) => (
                <>
                  <EditButton name={k.text || maskKey(k.key)} onClick={() => setDialog({ mode: 'edit', key: k })} />
                  <DeleteButton name={k.text || maskKey(k.key)} onClick={() => del.ask(k)} />
                </>
              )
            : undefined
        }
      />
      {dialog && (
        <KeyDialog
          state={dialog}
          grantable={grantable}
          onClose={() => setDialog(null)}
          onSaved={(key) => {
            const created = dialog.mode === 'create';
            setDialog(null);
            // A new key is shown in full, so it can be copied straight away.
            if (created && key) setShown((s) => new Set(s).add(key));
          }}
        />
      )}
      {del.dialog}
    </AdminPage>
  );
}
