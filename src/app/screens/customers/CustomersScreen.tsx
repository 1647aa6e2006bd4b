// Customers (customer views only): a customer name and the look-up (login, role, org, group or e-mail domain)
// that assigns users to it.
import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Customer } from '../../../core/types.ts';
import { SCREEN_SCOPES } from '../../../core/admin-rules.ts';
import { validateRequired } from '../../../core/validation.ts';
import { configAtom } from '../../state/session.ts';
import { useT } from '../../state/i18n.ts';
import { AdminPage, NoAccess } from '../admin-kit/AdminPage.tsx';
import { DataTable, type Column } from '../admin-kit/DataTable.tsx';
import { pagePropsOf, tablePropsOf, useSuggestions } from '../admin-kit/hooks.ts';
import { usePerms } from '../../hooks/usePerms.ts';
import { adminCommands, useResourceList } from '../../data/admin.ts';
import { DeleteButton, EditButton, useConfirmDelete } from '../admin-kit/ItemActions.tsx';
import { FormDialog } from '../admin-kit/FormDialog.tsx';
import { TextField } from '../admin-kit/FormFields.tsx';

type DialogState = { mode: 'create' } | { mode: 'edit'; customer: Customer };

function CustomerDialog({ state, onClose, onSaved }: { state: DialogState; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const lists = useSuggestions();
  const [customer, setCustomer] = useState(state.mode === 'edit' ? state.customer.customer : '');
  const [match, setMatch] = useState(state.mode === 'edit' ? state.customer.match : '');
  const [errors, setErrors] = useState<{ customer?: string; match?: string }>({});
  const [apiError, setApiError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const c = validateRequired(customer);
    const m = validateRequired(match);
    const next = { ...(c.ok ? {} : { customer: t(c.error) }), ...(m.ok ? {} : { match: t(m.error) }) };
    setErrors(next);
    if (!c.ok || !m.ok) return;
    const body = { customer: c.value, match: m.value };
    setSaving(true);
    const r = state.mode === 'create' ? await adminCommands.create('customers', t('Save'), body) : await adminCommands.update('customers', t('Save'), state.customer.id, body);
    setSaving(false);
    if (!r.ok) return setApiError(r.message);
    onSaved();
  };
  return (
    <FormDialog open title={state.mode === 'create' ? t('NewCustomer') : t('EditCustomer')} onClose={onClose} onSubmit={() => void submit()} saving={saving} apiError={apiError}>
      <TextField label={t('Customer')} value={customer} onChange={setCustomer} required error={errors.customer} suggestions={lists.customers} autoFocus />
      <TextField label={t('LookUp')} value={match} onChange={setMatch} required error={errors.match} hint={t('LookUpDescription')} />
    </FormDialog>
  );
}

export function CustomersScreen() {
  const { t } = useT();
  const { can } = usePerms();
  const config = useAtomValue(configAtom);
  const enabled = !!config?.customer_views;
  const canView = can(SCREEN_SCOPES.customers.view);
  const canManage = can(SCREEN_SCOPES.customers.manage);
  const list = useResourceList('customers', canView && enabled);
  const [dialog, setDialog] = useState<DialogState | null>(null);

  const del = useConfirmDelete<Customer>(
    (c) => c.customer,
    async (c) => {
      await adminCommands.remove('customers', t('Delete'), c.id);
    },
  );

  const columns = useMemo<Column<Customer>[]>(
    () => [
      { id: 'customer', header: t('Customer'), primary: true, sort: (c) => c.customer, cell: (c) => <span className="font-semibold">{c.customer}</span> },
      { id: 'match', header: t('LookUp'), sort: (c) => c.match, cell: (c) => <code className="text-xs">{c.match}</code> },
    ],
    [t],
  );

  if (!canView) return <NoAccess title={t('Customers')} />;
  if (!enabled) {
    return (
      <AdminPage title={t('Customers')} icon="business">
        <p className="p-8 text-center text-gray-600 dark:text-gray-300">{t('CustomerViewsOff')}</p>
      </AdminPage>
    );
  }

  return (
    <AdminPage
      title={t('Customers')}
      icon="business"
      {...pagePropsOf(list)}
      description={t('LookUpDescription')}
      createLabel={canManage ? t('NewCustomer') : undefined}
      onCreate={() => setDialog({ mode: 'create' })}
      readOnly={!canManage}
    >
      <DataTable
        label={t('Customers')}
        columns={columns}
        rows={list.items}
        rowKey={(c) => c.id}
        searchText={(c) => [c.customer, c.match]}
        {...tablePropsOf(list)}
        initialSort={{ id: 'customer', direction: 'asc' }}
        actions={
          canManage
            ? (c) => (
                <>
                  <EditButton name={c.customer} onClick={() => setDialog({ mode: 'edit', customer: c })} />
                  <DeleteButton name={c.customer} onClick={() => del.ask(c)} />
                </>
              )
            : undefined
        }
      />
      {dialog && (
        <CustomerDialog
          state={dialog}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
          }}
        />
      )}
      {del.dialog}
    </AdminPage>
  );
}
