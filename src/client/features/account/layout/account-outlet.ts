import { useOutletContext } from 'react-router';
import type { Account } from '../api/account.types';

/** What the account layout hands its pages: the loaded account, and a way to show a change the server confirmed. */
export interface AccountOutlet {
  account: Account;
  setAccount(account: Account): void;
}

export const useAccount = () => useOutletContext<AccountOutlet>();
