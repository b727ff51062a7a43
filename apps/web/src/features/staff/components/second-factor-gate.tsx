// The console's second sign-in step. A staff member signed in with the password sees, before any
// screen: at the first sign-in, the set-up of an authenticator app (QR code and key, a first code,
// then the ten recovery codes to keep); afterwards, the 6-digit code of the app (or a recovery code).
// A passed step brings new tokens, which open the console.
import type { SecondFactorEnrolment } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { authStorage } from '../../../shared/auth/auth-storage.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { confirmEnrolment, getSecondFactorStatus, secondFactorKey, startEnrolment, verifySecondFactor } from '../api/second-factor.ts';
import { TextInput } from './fields.tsx';

/** the first message of a refusal, as the server wrote it for a person */
function messageOf(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const first = Object.values(error.body as Record<string, unknown>).flat()[0];
    if (typeof first === 'string') return first;
  }
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

function Alert({ error }: { error: unknown }) {
  const message = messageOf(error);
  if (!message) return null;
  return (
    <div role="alert" className="mb-4 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {message}
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

function useSignedInWith() {
  const client = useQueryClient();
  return (tokens: { access: string; refresh: string }) => {
    authStorage.setTokens(tokens);
    void client.invalidateQueries({ queryKey: secondFactorKey });
  };
}

function Enrol() {
  const signedIn = useSignedInWith();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [code, setCode] = useState('');
  const start = useMutation({ mutationFn: startEnrolment, onSuccess: setEnrolment });
  const confirm = useMutation({ mutationFn: confirmEnrolment });

  if (confirm.data) {
    const { recovery_codes: codes, tokens } = confirm.data;
    return (
      <Panel title="Keep your recovery codes">
        <p className="mb-4 text-sm text-slate-700">
          If you lose your phone, each of these codes signs you in once. Print them or write them down and keep them safe; they are not shown again.
        </p>
        <ul aria-label="Recovery codes" className="mb-6 grid grid-cols-2 gap-2 font-mono text-sm">
          {codes.map((c) => (
            <li key={c} className="rounded bg-slate-100 px-2 py-1">
              {c}
            </li>
          ))}
        </ul>
        <button type="button" className={`${buttonClass.primary} w-full`} onClick={() => signedIn(tokens)}>
          I have kept them, continue
        </button>
      </Panel>
    );
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    confirm.mutate(code);
  }

  return (
    <Panel title="Set up your authenticator app">
      <p className="mb-4 text-sm text-slate-700">Staff sign in with a second step: a 6-digit code from an authenticator app on your phone.</p>
      <Alert error={start.error ?? confirm.error} />
      {!enrolment ? (
        <button type="button" className={`${buttonClass.primary} w-full`} disabled={start.isPending} onClick={() => start.mutate()}>
          Set up the app
        </button>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" aria-busy={confirm.isPending}>
          <img src={enrolment.qr_code} alt="QR code to scan with your authenticator app" width={192} height={192} className="mx-auto" />
          <p className="text-sm text-slate-700">
            Or type this key into the app: <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-1 font-mono">{enrolment.secret}</code>
          </p>
          <TextInput label="6-digit code" name="code" inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} />
          <button type="submit" disabled={confirm.isPending} className={`${buttonClass.primary} w-full`}>
            Confirm
          </button>
        </form>
      )}
    </Panel>
  );
}

function Verify() {
  const signedIn = useSignedInWith();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const verify = useMutation({ mutationFn: verifySecondFactor, onSuccess: (answer) => signedIn(answer.tokens) });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    verify.mutate(recovery ? { recovery_code: value } : { code: value });
  }

  return (
    <Panel title="Enter your sign-in code">
      <Alert error={verify.error} />
      <form onSubmit={onSubmit} className="space-y-4" aria-busy={verify.isPending}>
        {recovery ? (
          <TextInput label="Recovery code" name="recovery_code" autoComplete="off" spellCheck={false} required value={value} onChange={(e) => setValue(e.target.value)} />
        ) : (
          <TextInput label="6-digit code" name="code" inputMode="numeric" autoComplete="one-time-code" required value={value} onChange={(e) => setValue(e.target.value)} />
        )}
        <button type="submit" disabled={verify.isPending} className={`${buttonClass.primary} w-full`}>
          Verify
        </button>
      </form>
      <button
        type="button"
        className="mt-4 text-sm font-medium text-brand-700 underline"
        onClick={() => {
          setRecovery(!recovery);
          setValue('');
          verify.reset();
        }}
      >
        {recovery ? 'Use the code from the app' : 'Use a recovery code instead'}
      </button>
    </Panel>
  );
}

/** the console's screens once the second step is passed; the step itself before */
export function SecondFactorGate({ username, children }: { username: string; children: ReactNode }) {
  // Never from a cache: each sign-in starts without the step, whatever an earlier one passed.
  const status = useQuery({ queryKey: [...secondFactorKey, username], queryFn: getSecondFactorStatus, staleTime: 0, gcTime: 0 });
  if (status.isPending) return <p className="p-8 text-center text-slate-600">Loading...</p>;
  if (status.isError) return <Panel title="Sign-in could not be checked"><Alert error={status.error} /></Panel>;
  if (status.data.passed || !status.data.required) return <>{children}</>;
  return status.data.enrolled ? <Verify /> : <Enrol />;
}
