import {
  type AdminAccount,
  type AdminRole,
  adminMessages,
  adminRoles,
  type CreateAdminInput,
  createAdminInput,
  type UpdateAdminInput,
  updateAdminInput,
  usernameMaxLength,
} from '@cfp/shared';
import { useId } from 'react';
import { type FieldError, type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateAdmin } from '../api/create-admin.ts';
import { useUpdateAdmin } from '../api/update-admin.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { usePasswordStrength } from './use-password-strength.ts';

export const roleLabels: Record<AdminRole, string> = { admin: 'Admin', superAdmin: 'Super admin' };

interface AdminFormValues {
  username: string;
  email: string;
  password: string;
  role: AdminRole;
}

const addAdminResolver = schemaResolver<AdminFormValues, CreateAdminInput>(createAdminInput);
/** A blank password keeps the current one, so it is not sent at all. */
const editAdminResolver = schemaResolver<Omit<AdminFormValues, 'username'>, UpdateAdminInput>(updateAdminInput, ['password']);

function RoleField({ registration, error }: { registration: UseFormRegisterReturn; error: FieldError | undefined }) {
  return (
    <FormField label="Role" error={error}>
      {(control) => (
        <select {...control} {...registration} required>
          {adminRoles.map((role) => (
            <option key={role} value={role}>
              {roleLabels[role]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

function EmailField({ registration, error }: { registration: UseFormRegisterReturn; error: FieldError | undefined }) {
  return (
    <TextField
      label="Email"
      registration={registration}
      error={error}
      type="email"
      inputMode="email"
      required
      autoComplete="off"
    />
  );
}

interface PasswordFieldProps {
  label: string;
  hint: string;
  required?: boolean;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  /** What is typed, for the strength meter. */
  value: string;
  /** The account's e-mail and username, which the password must not be built on. */
  personalWords: readonly string[];
}

function PasswordField({ label, hint, required, registration, error, value, personalWords }: PasswordFieldProps) {
  const strengthId = useId();
  const strength = usePasswordStrength(value, personalWords);
  return (
    <>
      <FormField label={label} error={error} hint={hint}>
        {(aria) => (
          <input
            {...aria}
            {...registration}
            aria-describedby={[aria['aria-describedby'], strengthId].filter(Boolean).join(' ')}
            type="password"
            required={required}
            autoComplete="new-password"
          />
        )}
      </FormField>
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
  const { register, handleSubmit, control, formState } = useForm<AdminFormValues, unknown, CreateAdminInput>({
    defaultValues: { username: '', email: '', password: '', role: 'admin' },
    resolver: addAdminResolver,
  });
  const [email, username, password] = useWatch({ control, name: ['email', 'username', 'password'] });
  const { errors } = formState;

  const submit = (input: CreateAdminInput) =>
    createAdmin.mutate(input, { onSuccess: (answer) => onSaved(answer.message || adminMessages.accountCreated) });

  return (
    <Modal title="Add Admin" onClose={onClose} closeOnBackdrop={false}>
      <form onSubmit={handleSubmit(submit)} noValidate>
        {createAdmin.isError && <Alert kind="error">{errorMessage(createAdmin.error, 'Failed to create admin account')}</Alert>}
        <TextField
          label="Username"
          registration={register('username')}
          error={errors.username}
          required
          maxLength={usernameMaxLength}
          autoComplete="off"
        />
        <EmailField registration={register('email')} error={errors.email} />
        <PasswordField
          label="Password"
          hint="At least 12 characters; a passphrase is best."
          required
          registration={register('password')}
          error={errors.password}
          value={password}
          personalWords={[email, username]}
        />
        <RoleField registration={register('role')} error={errors.role} />
        <ModalActions onCancel={onClose} label="Create Admin" busyLabel="Creating..." busy={createAdmin.isPending} />
      </form>
    </Modal>
  );
}

export function EditAdminDialog({ admin, onClose, onSaved }: DialogProps & { admin: AdminAccount }) {
  const updateAdmin = useUpdateAdmin();
  const { register, handleSubmit, control, formState } = useForm<Omit<AdminFormValues, 'username'>, unknown, UpdateAdminInput>({
    defaultValues: { email: admin.email, role: admin.role, password: '' },
    resolver: editAdminResolver,
  });
  const [email, password] = useWatch({ control, name: ['email', 'password'] });
  const { errors } = formState;

  const submit = (input: UpdateAdminInput) =>
    updateAdmin.mutate(
      { id: admin._id, input },
      { onSuccess: (answer) => onSaved(answer.message || adminMessages.adminUpdated) },
    );

  return (
    <Modal title="Edit Admin" onClose={onClose} closeOnBackdrop={false}>
      <p className="modal__subtitle">{admin.username}</p>
      <form onSubmit={handleSubmit(submit)} noValidate>
        {updateAdmin.isError && <Alert kind="error">{errorMessage(updateAdmin.error, 'Error updating admin')}</Alert>}
        <EmailField registration={register('email')} error={errors.email} />
        <RoleField registration={register('role')} error={errors.role} />
        <PasswordField
          label="New password"
          hint="Leave blank to keep the current password."
          registration={register('password')}
          error={errors.password}
          value={password}
          personalWords={[email, admin.username]}
        />
        <ModalActions onCancel={onClose} label="Save Changes" busyLabel="Saving..." busy={updateAdmin.isPending} />
      </form>
    </Modal>
  );
}
