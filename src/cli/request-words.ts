import { CliError } from './errors.js';

/**
 * The refusals of the requests API in plain words for where they were met: the server answers one 404 for a fill
 * link that is unknown, expired, used up or revoked, and the same for an inbox that is not the caller's.
 */
export const requestRefusal = (link: 'fill' | 'inbox') => (error: unknown) => {
  if (error instanceof CliError && error.code === 'secret_request.not_found') {
    throw new CliError(
      link === 'fill'
        ? 'This request takes no responses (any more): it expired, has all its answers or was revoked, or the link is wrong'
        : 'No request of yours has this id: it was deleted, or the API token is of another account',
      error.exit,
      error.code,
      error.status,
      error.details,
    );
  }
  throw error;
};
