import {
  type AdminAccountListEntry,
  type AdminRole,
  adminMessages,
  adminRoles,
  type CreateAdminInput,
  createAdminInput,
  newPassword,
  type UpdateAdminInput,
  updateAdminInput,
  usernameMaxLength,
} from '@cfp/shared';
import { type FieldError, type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateAdmin } from '../api/create-admin.ts';
import { useUpdateAdmin } from '../api/update-admin.ts';

export const roleLabels: Record<AdminRole, string> = { admin: 'Admin', superAdmin: 'Super admin' };

interface AdminFormValues {
  username: string;
  email: string;
  password: string;
  role: AdminRole;
}

/** With e-mail, the new admin is invited to choose their password; without, the superAdmin chooses it. */
const inviteAdminResolver = schemaResolver<AdminFormValues, CreateAdminInput>(createAdminInput, ['password']);
const addAdminResolver = schemaResolver<AdminFormValues, CreateAdminInput>(createAdminInput.extend({ password: newPassword }));

const roleHint =
  'Admin: writes and publishes blog posts, reads messages and applications, manages newsletter subscribers. Super admin: all of that, and also adds, edits and deletes admin accounts and reads the audit log.';
/** A blank password keeps the current one, so it is not sent at all. */
const editAdminResolver = schemaResolver<Omit<AdminFormValues, 'username'>, UpdateAdminInput>(updateAdminInput, ['password']);

function RoleField({ registration, error }: { registration: UseFormRegisterReturn; error: FieldError | undefined }) {
  return (
    <FormField label="Role" error={error} hint={roleHint}>
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

interface DialogProps {
  onClose: () => void;
  onSaved: (message: string) => void;
}

export function AddAdminDialog({ onClose, onSaved, sendsMail }: DialogProps & { sendsMail: boolean }) {
  const createAdmin = useCreateAdmin();
  const { register, handleSubmit, control, formState } = useForm<AdminFormValues, unknown, CreateAdminInput>({
    defaultValues: { username: '', email: '', password: '', role: 'admin' },
    resolver: sendsMail ? inviteAdminResolver : addAdminResolver,
  });
  const [email, username, password] = useWatch({ control, name: ['email', 'username', 'password'] });
  const { errors } = formState;

  const submit = (input: CreateAdminInput) =>
    createAdmin.mutate(input, { onSuccess: (answer) => onSaved(answer.message || adminMessages.accountCreated) });

  return (
    <Modal title="Add Admin" onClose={onClose} closeOnBackdrop={false}>
      <form onSubmit={handleSubmit(submit)} noValidate>
        {createAdmin.isError && <Alert kind="error">{errorMessage(createAdmin.error, 'Failed to create admin account')}</Alert>}
        <p className="modal__text">
          {sendsMail
            ? 'We email the new admin a link to choose their own password. The link works once, for 48 hours; until then the account cannot be used.'
            : 'This server does not send email, so the new admin cannot be invited by a link: choose their password here and give it to them in person.'}
        </p>
        <TextField
          label="Username"
          hint="Their name as visitors see it on the posts they sign, e.g. Jean Ndzi."
          registration={register('username')}
          error={errors.username}
          required
          maxLength={usernameMaxLength}
          autoComplete="off"
        />
        <EmailField registration={register('email')} error={errors.email} />
        {!sendsMail && (
          <PasswordField
            label="Password"
            hint="At least 12 characters; a passphrase is best."
            required
            registration={register('password')}
            error={errors.password}
            value={password}
            owner={{ personalWords: [email, username] }}
          />
        )}
        <RoleField registration={register('role')} error={errors.role} />
        <ModalActions
          onCancel={onClose}
          label={sendsMail ? 'Send Invitation' : 'Create Admin'}
          busyLabel={sendsMail ? 'Sending...' : 'Creating...'}
          busy={createAdmin.isPending}
        />
      </form>
    </Modal>
  );
}

export function EditAdminDialog({ admin, onClose, onSaved }: DialogProps & { admin: AdminAccountListEntry }) {
  const updateAdmin = useUpdateAdmin();
  const { register, handleSubmit, control, formState } = useForm<Omit<AdminFormValues, 'username'>, unknown, UpdateAdminInput>({
    // Only a superAdmin edits, and the list gives a superAdmin every address.
    defaultValues: { email: admin.email ?? '', role: admin.role, password: '' },
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
          owner={{ personalWords: [email, admin.username] }}
        />
        <ModalActions onCancel={onClose} label="Save Changes" busyLabel="Saving..." busy={updateAdmin.isPending} />
      </form>
    </Modal>
  );
}
