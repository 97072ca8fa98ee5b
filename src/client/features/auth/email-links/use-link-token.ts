import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { tokenFromFragment } from '../../../../shared/rules/account-email';

/**
 * The token of an emailed link (`/reset-password#<token>`), read once; the fragment is then dropped from the address
 * bar, so the token lingers in neither the history nor a screenshot. Null when the page was opened without one.
 */
export function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenFromFragment(location.hash));
  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);
  return token;
}
