import { useState } from 'react';
import { toCreateFailure, type CreateFailure, type SubmitPhase } from './create-errors';
import type { CreateFormValues, FormContext } from './create-form';
import { submitSecret, type CreatedSecretView } from './submit-secret';

/** Runs a submission: the phase for the busy state, the failure to show, the created secret on success. */
export function useCreateSecret(onCreated: (secret: CreatedSecretView) => void) {
  const [phase, setPhase] = useState<SubmitPhase | null>(null);
  const [failure, setFailure] = useState<CreateFailure | null>(null);

  async function submit(values: CreateFormValues, context: FormContext): Promise<CreateFailure | null> {
    let current: SubmitPhase = 'sending';
    setFailure(null);
    try {
      const created = await submitSecret(values, context, (next) => {
        current = next;
        setPhase(next);
      });
      onCreated(created);
      return null;
    } catch (error) {
      const next = toCreateFailure(error, current);
      setFailure(next);
      return next;
    } finally {
      setPhase(null);
    }
  }

  return { phase, failure, submit };
}
