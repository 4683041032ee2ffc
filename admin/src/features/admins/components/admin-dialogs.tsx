import {
  type AdminAccount,
  type AdminRole,
  adminRoles,
  type CreateAdminInput,
  createAdminInput,
  type UpdateAdminInput,
  updateAdminInput,
} from '@cfp/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateAdmin } from '../api/create-admin.ts';
import { useUpdateAdmin } from '../api/update-admin.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { usePasswordStrength } from './use-password-strength.ts';

export const roleLabels: Record<AdminRole, string> = { admin: 'Admin', superAdmin: 'Super admin' };

type FieldErrors = Partial<Record<string, string>>;

/** The shared schema's own messages, one per field, so the form and the API say the same thing. */
function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
  }
  return errors;
}

/** Empty fields say so plainly, before any rule about their shape. */
function requiredErrors(values: Record<string, string>, labels: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, label] of Object.entries(labels)) {
    if (!values[field]?.trim()) errors[field] = `${label} is required`;
  }
  return errors;
}

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function RoleSelect(props: { id: string; value: AdminRole; onChange: (role: AdminRole) => void }) {
  return (
    <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.target.value as AdminRole)} required>
      {adminRoles.map((role) => (
        <option key={role} value={role}>
          {roleLabels[role]}
        </option>
      ))}
    </select>
  );
}

function EmailField(props: { value: string; onChange: (email: string) => void; error: string | undefined }) {
  return (
    <Field label="Email" error={props.error}>
      {(aria) => (
        <input
          {...aria}
          type="email"
          inputMode="email"
          required
          autoComplete="off"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

function PasswordField(props: {
  label: string;
  hint: string;
  required?: boolean;
  value: string;
  onChange: (password: string) => void;
  error: string | undefined;
  /** The account's e-mail and username, which the password must not be built on. */
  personalWords: readonly string[];
}) {
  const strengthId = useId();
  const strength = usePasswordStrength(props.value, props.personalWords);
  return (
    <>
      <Field label={props.label} error={props.error} hint={props.hint}>
        {(aria) => (
          <input
            {...aria}
            aria-describedby={[aria['aria-describedby'], strengthId].filter(Boolean).join(' ')}
            type="password"
            required={props.required}
            autoComplete="new-password"
            value={props.value}
            onChange={(event) => props.onChange(event.target.value)}
          />
        )}
      </Field>
      <PasswordStrengthMeter id={strengthId} strength={strength} />
    </>
  );
}

interface DialogProps {
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function AddAdminDialog({ onClose, onSaved }: DialogProps) {
  const createAdmin = useCreateAdmin();
  const [values, setValues] = useState<Required<CreateAdminInput>>({ username: '', email: '', password: '', role: 'admin' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...fieldErrors(createAdminInput.safeParse(values)),
      ...requiredErrors(values, { username: 'Username', email: 'Email', password: 'Password' }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    createAdmin.mutate(values, { onSuccess: (answer) => onSaved(answer.message || 'Account created successfully!') });
  };

  return (
    <Modal title="Add Admin" onClose={onClose} closeOnBackdrop={false}>
      <form onSubmit={submit} noValidate>
        {createAdmin.isError && <Alert kind="error">{errorMessage(createAdmin.error, 'Failed to create admin account')}</Alert>}
        <Field label="Username" error={errors.username}>
          {(props) => (
            <input
              {...props}
              type="text"
              required
              maxLength={80}
              autoComplete="off"
              value={values.username}
              onChange={(event) => setValues({ ...values, username: event.target.value })}
            />
          )}
        </Field>
        <EmailField value={values.email} onChange={(email) => setValues({ ...values, email })} error={errors.email} />
        <PasswordField
          label="Password"
          hint="At least 12 characters; a passphrase is best."
          required
          value={values.password}
          onChange={(password) => setValues({ ...values, password })}
          error={errors.password}
          personalWords={[values.email, values.username]}
        />
        <Field label="Role" error={errors.role}>
          {({ id }) => <RoleSelect id={id} value={values.role} onChange={(role) => setValues({ ...values, role })} />}
        </Field>
        <ModalActions onCancel={onClose} label="Create Admin" busyLabel="Creating..." busy={createAdmin.isPending} />
      </form>
    </Modal>
  );
}

export function EditAdminDialog({ admin, onClose, onSaved }: DialogProps & { admin: AdminAccount }) {
  const updateAdmin = useUpdateAdmin();
  const [email, setEmail] = useState(admin.email);
  const [role, setRole] = useState<AdminRole>(admin.role);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A blank password keeps the current one, so it is not sent at all.
    const input: UpdateAdminInput = password.trim() ? { email, role, password } : { email, role };
    const found = { ...fieldErrors(updateAdminInput.safeParse(input)), ...requiredErrors({ email }, { email: 'Email' }) };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    updateAdmin.mutate(
      { id: admin._id, input },
      { onSuccess: (answer) => onSaved(answer.message || 'Admin updated successfully') },
    );
  };

  return (
    <Modal title="Edit Admin" onClose={onClose} closeOnBackdrop={false}>
      <p className="modal__subtitle">{admin.username}</p>
      <form onSubmit={submit} noValidate>
        {updateAdmin.isError && <Alert kind="error">{errorMessage(updateAdmin.error, 'Error updating admin')}</Alert>}
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        <Field label="Role" error={errors.role}>
          {({ id }) => <RoleSelect id={id} value={role} onChange={setRole} />}
        </Field>
        <PasswordField
          label="New password"
          hint="Leave blank to keep the current password."
          value={password}
          onChange={setPassword}
          error={errors.password}
          personalWords={[email, admin.username]}
        />
        <ModalActions onCancel={onClose} label="Save Changes" busyLabel="Saving..." busy={updateAdmin.isPending} />
      </form>
    </Modal>
  );
}
