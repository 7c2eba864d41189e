// The state of the 'Registrar Admin' form: the checks, SPEC §5's second check of the payload, the
// confirmation step and the create call with SPEC §8's error mapping.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminCreatePayload,
  type AdminRegistrationFormValues,
  adminPayloadProblems,
  adminRegistrationFormSchema,
  EMPTY_ADMIN_FORM,
  toAdminCreatePayload,
} from '@portal/contract/admin-registration-form';
import { type BaseSyntheticEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CreateAdminAnswer } from '../../../api/admin-registration-api.ts';
import { describeCreateAdminFailure } from '../api/create-admin-error.ts';
import { useCreateAdmin } from '../api/use-create-admin.ts';

/** `onAttempt`: a new attempt starts (the last one's success banner goes). */
export function useAdminRegistrationForm(
  onCreated: (answer: CreateAdminAnswer) => void,
  onAttempt: () => void,
) {
  const createAdmin = useCreateAdmin();
  const [pending, setPending] = useState<AdminCreatePayload | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [focusField, setFocusField] = useState<keyof AdminRegistrationFormValues | null>(null);
  const form = useForm<AdminRegistrationFormValues>({
    defaultValues: EMPTY_ADMIN_FORM,
    resolver: zodResolver(adminRegistrationFormSchema, undefined, { raw: true }),
  });

  const showProblems = (problems: Array<{ field: keyof AdminRegistrationFormValues; message: string }>) => {
    for (const problem of problems)
      form.setError(problem.field, { type: 'server', message: problem.message });
    if (problems[0]) setFocusField(problems[0].field);
  };

  // Focus the field at fault once the modal is gone: it hands focus back to its opener on close.
  useEffect(() => {
    if (!focusField || pending) return;
    const timer = window.setTimeout(() => {
      form.setFocus(focusField);
      setFocusField(null);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [focusField, pending, form.setFocus]);

  const check = form.handleSubmit((values) => {
    const payload = toAdminCreatePayload(values);
    const problems = adminPayloadProblems(payload);
    if (problems.length > 0) showProblems(problems);
    else setPending(payload);
  });
  // A new attempt starts clean, even if it stops at a field check: no banner of the last one stays.
  const submit = (event?: BaseSyntheticEvent) => {
    setFailure(null);
    onAttempt();
    return check(event);
  };

  const confirm = () => {
    if (!pending) return;
    createAdmin.mutate(pending, {
      onSuccess: (answer) => {
        setPending(null);
        form.reset(EMPTY_ADMIN_FORM);
        onCreated(answer);
      },
      onError: (error) => {
        setPending(null);
        const described = describeCreateAdminFailure(error);
        setFailure(described.message);
        showProblems(described.fields);
      },
    });
  };

  const clear = () => {
    form.reset(EMPTY_ADMIN_FORM);
    setFailure(null);
  };

  return {
    form,
    submit,
    confirm,
    clear,
    pending,
    cancel: () => setPending(null),
    saving: createAdmin.isPending,
    failure,
  };
}
