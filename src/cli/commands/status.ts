import { status } from '../../sdk/secrets.js';
import type { ReceiptData } from '../../shared/api/receipts.contract.js';
import type { EndReason } from '../../shared/rules/receipts.js';
import { viaSdk } from '../api.js';
import { print, printJson, type Context } from '../context.js';
import { usageError } from '../errors.js';
import { readReceiptLink } from '../links.js';
import { COMMON_OPTIONS, parseCommand } from '../options.js';
import { terminalText } from '../terminal.js';

/** The server is the link's own and no API token goes along: only --json and --help. */
const OPTIONS = { json: COMMON_OPTIONS.json, help: COMMON_OPTIONS.help } as const;

const ENDINGS: Record<EndReason, string> = {
  last_view: 'its last view was used',
  burned_by_creator: 'burned by its creator',
  burned_by_reader: 'burned by a reader',
  burned_by_attempts: 'burned after too many wrong passwords',
  expired: 'expired',
  expired_unread: 'expired without being opened',
};

/**
 * What happened to a secret, from its receipt link: never spends a view. The link's own server answers (the delete
 * token in the fragment goes in the body); no API token is sent, the receipt link is the capability.
 */
export async function statusCommand(args: string[], context: Context): Promise<void> {
  const { values, positionals } = parseCommand('status', args, OPTIONS);
  if (positionals.length !== 1) {
    throw usageError("Usage: hush status 'RECEIPT_LINK' [--json] (see: hush help status)");
  }
  // Read here first for the CLI's words on a link that is not a receipt link; the SDK asks the link's server.
  readReceiptLink(positionals[0]!);
  const receipt = await viaSdk(status(positionals[0]!));
  if (values.json) return printJson(context, receipt);
  print(context, statusLines(receipt));
}

const LABEL = 'Wrong passwords'.length + 2;
// A value may be the server's words (a reader's address): one line, its control characters escaped.
const row = (label: string, value: string) => `${label.padEnd(LABEL)}${terminalText(value)}`.trimEnd();

/** The status for people: one fact a line, each view and wrong password on a line of its own. */
export function statusLines(receipt: ReceiptData): string {
  const kind = [receipt.isPublic ? 'public' : 'private'];
  if (receipt.fileCount > 0) kind.push(receipt.fileCount === 1 ? '1 file' : `${receipt.fileCount} files`);
  const state =
    receipt.state === 'ended'
      ? `ended: ${receipt.endReason ? ENDINGS[receipt.endReason] : 'gone'}`
      : receipt.state === 'uploading'
        ? 'uploading: its files are still being sent'
        : 'open';
  const views = receipt.preventBurn
    ? `${receipt.viewsUsed} (burn after time: views are not counted down)`
    : `${receipt.viewsUsed} of ${receipt.maxViews}`;
  const lines = [
    row('Secret', `${receipt.id} (${kind.join(', ')})`),
    row('State', state),
    row('Created', receipt.createdAt),
    row('Expires', receipt.expiresAt),
    row('Views', views),
    ...receipt.views.map((view) => row('', view.ip ? `${view.at} from ${view.ip}` : view.at)),
    row('Wrong passwords', receipt.failedAttempts.length === 0 ? 'none' : String(receipt.failedAttempts.length)),
    ...receipt.failedAttempts.map((at) => row('', at)),
  ];
  if (receipt.endedAt) lines.push(row('Ended', receipt.endedAt));
  if (receipt.keptUntil) lines.push(row('Kept until', `${receipt.keptUntil} (then this status is deleted)`));
  return `${lines.join('\n')}\n`;
}
