import type { ReactNode } from 'react';
import { useAccount } from '../account';
import { Forbidden } from './Forbidden';

/**
 * The admin pages' content, for admins only: others get the forbidden state at once instead of a call the server
 * would refuse. The pages still treat a 403 as forbidden (the role may have changed since the account loaded).
 */
export function AdminOnly({ forbiddenTitle, children }: { forbiddenTitle?: string; children: ReactNode }) {
  const { account } = useAccount();
  return account.role === 'admin' ? children : <Forbidden {...(forbiddenTitle && { title: forbiddenTitle })} />;
}
