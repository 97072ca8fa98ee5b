import { RESPONSE_TTL_HELP, TTL_HELP } from './options.js';

const COMMON = `Common options:
  --server URL       the Hush server (else $HUSH_SERVER, the config file, or http://127.0.0.1:3000)
  --token TOKEN      an API token (else $HUSH_TOKEN or the config file); a token on the command line
                     stays in your shell history: prefer HUSH_TOKEN or hush config --token-prompt
  --json             print one JSON document on standard output (shapes: docs/cli.md)
  -h, --help         this help`;

export const HELP: Record<string, string> = {
  create: `Usage: hush create [--file PATH]... [--ttl LIFETIME] [--views N] [--title T]
                   [--password-prompt | --password-env VAR] [--ip CIDR] [--burn-after-time] [--public] [--json]

Encrypts standard input (byte for byte) and the files here, stores the ciphertext and prints the link. The key
is only in the link's fragment: the server never sees it. Standard input need not be text: hush create < photo.jpg
sends the photo as the secret's content (up to the server's limit on a text; larger, use --file).

  -f, --file PATH        attach a file (up to 10; streamed, any size the server allows)
  --ttl LIFETIME         how long it lives: ${TTL_HELP} (default 1d; seconds work too)
  --views N              how many times it can be opened, 1 to 999 (default 1)
  --title T              a title, encrypted like the text
  --password-prompt      ask for a password on the terminal (twice)
  --password-env VAR     take the password from the environment variable VAR
  --ip CIDR              only this address or range may open it (203.0.113.7, 10.0.0.0/8, 2001:db8::/32)
  --burn-after-time      opening spends no views: it lives until its lifetime ends
  --public               listed publicly and stored as PLAIN TEXT (no key, no files, no password)

Standard output is the link to send, alone. On standard error come the receipt link, to keep to yourself
(hush status shows whether the secret was opened; hush burn takes it too), and the delete token. Progress goes to
standard error on a terminal.

${COMMON}`,
  open: `Usage: hush open LINK [--out DIR] [--force] [--password-prompt | --password-env VAR] [--key KEY] [--json]

Opens a secret (this spends a view): writes its text on standard output, byte for byte (hush open 'LINK' >
copy.jpg gives back a photo as it was sent), its title on standard error, and saves its files into DIR (default:
the current folder). Each file is verified whole before it gets its name; an existing file is never replaced
without --force (the new one is saved as "name (1).ext"). On a terminal, control characters of the text are shown
escaped (\\x1b…), and a content that is no text is saved as ID.bin in DIR rather than shown.
Asks for the password on the terminal when the secret has one. Put the link in quotes: a shell cuts it at #.

  -o, --out DIR          where files are saved
  --force                replace files of the same name
  --password-prompt      ask for the password first
  --password-env VAR     take the password from the environment variable VAR
  --key KEY              the key, for a link given without its #encryption_key=…

${COMMON}`,
  burn: `Usage: hush burn LINK|RECEIPT_LINK|ID [--token DELETE_TOKEN] [--api-token TOKEN] [--json]

Deletes a secret now, without opening it. Needs one of: the receipt link or the delete token hush create
printed (--token, or --delete-token), the whole link with its key, or the owner's API token (--api-token,
HUSH_TOKEN, config file).

${COMMON.replace(/ {2}--token TOKEN[\s\S]*?--token-prompt\n/, '')}`,
  status: `Usage: hush status 'RECEIPT_LINK' [--json]

What happened to a secret, from the receipt link hush create printed (…/receipt/ID#…): its state, when it was
created and expires, its views (each with its time, and the reader's address when the instance keeps them), its
wrong passwords, and how and when it ended. A status is kept a while after the secret is gone (30 days unless
the instance says otherwise). Never spends a view, and sends no API token: the receipt link is enough.

${COMMON.replace(/ {2}--server URL[\s\S]*?--token-prompt\n/, '')}`,
  request: `Usage: hush request create --title T [--text INSTRUCTIONS | --text-stdin] [--responses N] [--ttl DURATION]
                           [--response-ttl LIFETIME] [--views N] [--files] [--ip CIDR] [--json]
       hush request respond 'FILL_LINK' [--file PATH]... [--json]
       hush request open 'INBOX_LINK' [--out DIR] [--force] [--json]

Ask someone for a secret that only you can open. create (needs an API token) prints two links: the fill link,
to send to whoever should answer, and the inbox link, to keep: it is the only way to open the responses (its
key never reaches the server, and Hush cannot recover it). Put links in quotes: a shell cuts them at #.

create:
  --title T              what you ask for (required; encrypted, shown to whoever answers)
  --text INSTRUCTIONS    instructions (encrypted); --text-stdin reads them from standard input
  --responses N          how many responses it takes, 1 to 100 (default 1)
  --ttl DURATION         how long the fill link can be used, 1h to 30d (default 7d; 12h, 3d, seconds…)
  --response-ttl LIFETIME
                         how long each response lives: ${RESPONSE_TTL_HELP} (default 7d)
  --views N              how many times each response can be opened, 1 to 999 (default 1)
  --files                whoever answers may attach files
  --ip CIDR              only this address or range may open the fill link and answer

respond: needs no account and sends no API token. Shows who asks and what (on standard error), checks that the
server's key for the request is the one the link names (exit 4 and nothing sent when not), then seals standard
input (and --file, up to 10, when the request takes files) to the requester's key.
  -f, --file PATH        attach a file

open: needs the API token of the account that made the request. Opens every response that can still be opened
(each spends a view), prints its text and saves its files into DIR as hush open does.
  -o, --out DIR          where files are saved (default: the current folder)
  --force                replace files of the same name

${COMMON}`,
  secrets: `Usage: hush secrets [--json]

Your own secrets that can still be opened, newest first. Needs an API token. Titles of private secrets are
encrypted with keys only their links hold, so they show as (encrypted).

${COMMON}`,
  tokens: `Usage: hush tokens [list] [--json]
       hush tokens create NAME [--days N] [--scope SCOPE]... [--save] [--username U] [--password-env VAR]
       hush tokens revoke ID [--username U] [--password-env VAR]

list: your API tokens (needs a token). create and revoke sign in with your user name and password (asked on
the terminal unless given): a token cannot mint or revoke tokens. create prints the new token once; --save
stores it, with the server, in the config file (owner-only).

--scope, once per scope, says what the token may do (default: secrets:read and secrets:create):
  secrets:read     your secrets, receipts and activity (hush secrets)
  secrets:create   create secrets and burn your own (hush create, hush burn without the delete token)
  requests         your requests for secrets (hush request create, hush request open)
  account:read     your account, tokens and linked providers (hush tokens list)
  admin            the admin routes, if you are an admin

${COMMON}`,
  config: `Usage: hush config [--server URL] [--token-prompt | --token-env VAR] [--forget] [--json]

Shows or sets what hush uses when neither options nor HUSH_SERVER / HUSH_TOKEN say otherwise. The file is
$HUSH_CONFIG, or $XDG_CONFIG_HOME/hush/config.json, or ~/.config/hush/config.json, written readable by you only;
hush refuses a config file others can read.

  --server URL        save the server
  --token-prompt      save an API token typed on the terminal
  --token-env VAR     save the API token in the environment variable VAR
  --forget            remove the saved token`,
  backup: `Usage: hush backup FILE

Backs up HUSH_DATA_DIR (safe while the server runs). Runs on the server, from its installation.`,
  restore: `Usage: hush restore FILE

Restores a backup into an empty or new HUSH_DATA_DIR. Runs on the server, from its installation.`,
};

export const USAGE = `Usage: hush COMMAND [options]

  create      encrypt text and files here and print a link          (hush create < secret.txt)
  open        open a link: print the text, save the files            (hush open 'LINK')
  burn        delete a secret now                                     (hush burn ID --token DELETE_TOKEN)
  status      was it opened? the status from a receipt link           (hush status 'RECEIPT_LINK')
  request     ask for a secret, answer one, open the answers           (hush request create --title T)
  secrets     list your own secrets                                   (needs an API token)
  tokens      list, create or revoke API tokens
  config      show or save the server and API token
  backup      back up the server's data (on the server)
  restore     restore a backup (on the server)
  help CMD    the options of one command
  --version   the version of hush

Exit codes: 0 done, 1 other failure, 2 wrong usage (nothing sent), 3 secret, request or receipt not found or gone,
4 refused (password, key, token, limit, IP lock), 5 server unreachable or not a Hush server.`;
