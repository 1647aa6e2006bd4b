// The create/edit dialog of a blackout: scope fields with suggestions, "start now" for the preferred period or
// explicit start and end times in the user's zone, and the reason.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Blackout } from '../../../core/types.ts';
import {
  blackoutBody,
  blackoutFormOf,
  fromDateTimeInput,
  toDateTimeInput,
  type BlackoutForm as Form,
  type BlackoutFormError,
} from '../../../core/admin-rules.ts';
import { BLACKOUT_PERIOD_OPTIONS } from '../../../core/preferences.ts';
import type { FilterLists } from '../../../worker/contract/index.ts';
import { configAtom } from '../../state/session.ts';
import { prefsAtom } from '../../state/user.ts';
import { useT } from '../../state/i18n.ts';
import { adminCommands } from '../../data/admin.ts';
import { FormDialog } from '../admin-kit/FormDialog.tsx';
import { ListField, SelectField, SwitchField, TextField } from '../admin-kit/FormFields.tsx';

export type BlackoutDialogState = { mode: 'create'; form: Form } | { mode: 'edit'; blackout: Blackout };

/** Mounted for each opening (the caller renders it only while open), so every opening starts from its own form. */
export function BlackoutDialog({ state, lists, onClose, onSaved }: { state: BlackoutDialogState; lists: FilterLists; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const config = useAtomValue(configAtom);
  const prefs = useAtomValue(prefsAtom);
  const tz = prefs.timezone;
  // What the dialog opened with: an edit sends only what changed from it (src/core/admin-rules.ts blackoutBody).
  const [initial] = useState<Form>(() => (state.mode === 'create' ? state.form : blackoutFormOf(state.blackout, (iso) => toDateTimeInput(iso, tz))));
  const [form, setForm] = useState<Form>(initial);
  const [error, setError] = useState<BlackoutFormError | null>(null);
  const [apiError, setApiError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));

  const periods = BLACKOUT_PERIOD_OPTIONS.some((o) => o.value === form.duration)
    ? BLACKOUT_PERIOD_OPTIONS
    : [...BLACKOUT_PERIOD_OPTIONS, { value: form.duration, amount: Math.round((form.duration / 3600) * 100) / 100, unit: 'hours' as const }].sort((a, b) => a.value - b.value);

  const fieldError = (field: BlackoutFormError['field']) =>
    error?.field === field ? (error.key === 'EndBeforeStart' ? t('EndBeforeStart') : t(error.key)) : null;

  const submit = async () => {
    const built = blackoutBody(form, (v) => fromDateTimeInput(v, tz), state.mode === 'edit' ? initial : undefined);
    if (!built.ok) return setError(built.error);
    setError(null);
    setSaving(true);
    const r =
      state.mode === 'create'
        ? await adminCommands.create('blackouts', t('Save'), built.body)
        : await adminCommands.update('blackouts', t('Save'), state.blackout.id, built.body);
    setSaving(false);
    if (!r.ok) return setApiError(r.message);
    onSaved();
  };

  return (
    <FormDialog
      open
      title={state.mode === 'create' ? t('NewBlackout') : t('EditBlackout')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving}
      apiError={apiError}
      size="lg"
    >
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <TextField label={t('Environment')} value={form.environment} onChange={(v) => set('environment', v)} required suggestions={lists.environments} error={fieldError('environment')} autoFocus={state.mode === 'create' && !form.environment} />
        <ListField label={t('Service')} values={form.service} onChange={(v) => set('service', v)} suggestions={lists.services} />
        <TextField label={t('Resource')} value={form.resource} onChange={(v) => set('resource', v)} />
        <TextField label={t('Event')} value={form.event} onChange={(v) => set('event', v)} />
        <TextField label={t('Group')} value={form.group} onChange={(v) => set('group', v)} suggestions={lists.groups} />
        <ListField label={t('Tags')} values={form.tags} onChange={(v) => set('tags', v)} suggestions={lists.tags} />
        <TextField label={t('Origin')} value={form.origin} onChange={(v) => set('origin', v)} />
        {config?.customer_views && <TextField label={t('Customer')} value={form.customer} onChange={(v) => set('customer', v)} suggestions={lists.customers} />}
      </div>
      <p className="mb-3 text-xs text-gray-500 dark:text-gray-400">{t('BlackoutScopeHint')}</p>
      <fieldset className="mb-3 rounded border border-gray-200 p-3 dark:border-gray-700">
        <legend className="px-1 text-sm font-semibold">{t('BlackoutPeriod')}</legend>
        {state.mode === 'create' && <SwitchField label={t('StartNow')} checked={form.startNow} onChange={(v) => set('startNow', v)} />}
        {form.startNow && state.mode === 'create' ? (
          <SelectField
            label={t('Duration')}
            value={form.duration}
            onChange={(v) => set('duration', v)}
            options={periods.map((o) => ({ value: o.value, label: t('HoursCount', { count: o.amount }) }))}
          />
        ) : (
          <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
            <TextField type="datetime-local" label={t('Start')} value={form.start} onChange={(v) => set('start', v)} required error={fieldError('start')} hint={tz === 'utc' ? t('TimesInUtc') : t('TimesInLocal')} />
            <TextField type="datetime-local" label={t('End')} value={form.end} onChange={(v) => set('end', v)} required error={fieldError('end')} />
          </div>
        )}
      </fieldset>
      <TextField label={t('Reason')} value={form.text} onChange={(v) => set('text', v)} multiline />
    </FormDialog>
  );
}
