// Create or edit a user: name, e-mail (the login), password (at least 6 characters) with confirmation, roles, comment.
import { useState } from 'react';
import type { User } from '../../../core/types.ts';
import { validateUserForm, type UserFormErrors } from '../../../core/admin-rules.ts';
import { useT } from '../../state/i18n.ts';
import { adminCommands } from '../../data/admin.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { FormDialog } from '../admin-kit/FormDialog.tsx';
import { ListField, SwitchField, TextField } from '../admin-kit/FormFields.tsx';

export type UserDialogState = { mode: 'create' } | { mode: 'edit'; user: User };

export function UserDialog({ state, roles, onClose, onSaved }: { state: UserDialogState; roles: string[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const u = state.mode === 'edit' ? state.user : null;
  const [name, setName] = useState(u?.name ?? '');
  const [email, setEmail] = useState(u?.email ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [userRoles, setUserRoles] = useState<string[]>(u ? [...u.roles] : []);
  const [text, setText] = useState(u?.text ?? '');
  const [active, setActive] = useState(u ? u.status === 'active' : true);
  const [verified, setVerified] = useState(u?.email_verified ?? false);
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [apiError, setApiError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const creating = state.mode === 'create';
  const msg = (k: UserFormErrors[keyof UserFormErrors]) => (k ? t(k as MessageKey) : null);

  const submit = async () => {
    const errs = validateUserForm({ name, email, password, confirm }, creating);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const body: Record<string, unknown> = {
      name: name.trim(),
      email: email.trim(),
      roles: userRoles,
      text: text.trim(),
      status: active ? 'active' : 'inactive',
      email_verified: verified,
    };
    if (creating) body.login = email.trim();
    if (password) body.password = password;
    setSaving(true);
    const r = creating ? await adminCommands.create('users', t('Save'), body) : await adminCommands.update('users', t('Save'), state.user.id, body);
    setSaving(false);
    if (!r.ok) return setApiError(r.message);
    onSaved();
  };

  return (
    <FormDialog open title={creating ? t('NewUser') : t('EditUser')} onClose={onClose} onSubmit={() => void submit()} saving={saving} apiError={apiError} size="lg">
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <TextField label={t('FullName')} value={name} onChange={setName} required error={msg(errors.name)} autoComplete="off" autoFocus />
        <TextField label={t('Email')} type="email" value={email} onChange={setEmail} required error={msg(errors.email)} autoComplete="off" hint={t('EmailIsLogin')} />
        <TextField
          label={t('Password')}
          type="password"
          value={password}
          onChange={setPassword}
          required={creating}
          error={msg(errors.password)}
          autoComplete="new-password"
          hint={creating ? t('Min6Char') : t('PasswordKeepHint')}
        />
        <TextField label={t('ConfirmPassword')} type="password" value={confirm} onChange={setConfirm} required={creating} error={msg(errors.confirm)} autoComplete="new-password" />
      </div>
      <ListField label={t('Roles')} values={userRoles} onChange={setUserRoles} suggestions={roles} />
      <TextField label={t('Comment')} value={text} onChange={setText} multiline />
      <div className="flex flex-wrap gap-x-6">
        <SwitchField label={t('Active')} checked={active} onChange={setActive} />
        <SwitchField label={t('EmailVerified')} checked={verified} onChange={setVerified} />
      </div>
    </FormDialog>
  );
}
