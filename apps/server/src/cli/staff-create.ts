// Makes a staff account on the command line: the only way to get the first one, since the web app
// never hands out the staff role.
//
//   npm run staff:create -- --username NAME --email E [--first-name F] [--last-name L] [--role R] [--yes]
//
// The password is asked on the terminal (twice, not echoed) or taken from STAFF_PASSWORD. An existing
// account with that username (and that e-mail) is promoted to staff after confirmation (--yes skips
// the question). It uses the configuration of the server (DATABASE_URL …) and migrates the database.
//
// Exit codes: 0 done (or already staff), 1 unexpected failure (e.g. the database is unreachable),
// 2 invalid arguments, details or password, 3 cancelled by the operator or no terminal to ask on.
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { staffRoleSchema } from '@lab/contract';
import { ConfigError, loadConfig } from '../config.ts';
import { createDb, type Db } from '../db/index.ts';
import { migrateToLatest } from '../db/migrations/index.ts';
import {
  createStaffAccount,
  planStaffAccount,
  promoteToStaff,
  StaffAccountError,
  type StaffAccountInput,
  staffPasswordProblems,
} from '../modules/staff-accounts/service.ts';

const USAGE = `Usage: npm run staff:create -- --username NAME --email EMAIL [--first-name FIRST] [--last-name LAST] [--role ROLE] [--yes]

Creates a staff account, or promotes the existing account with that username and e-mail.
The password is asked on the terminal, or read from the STAFF_PASSWORD environment variable.
  --first-name, --last-name   the person's name (default: "Lab" "Staff")
  --role                      ${staffRoleSchema.options.join(', ')} (default: admin)
  --yes                       promote an existing account without asking`;

class Exit extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function parse(argv: string[]): StaffAccountInput & { yes: boolean } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        role: { type: 'string', default: 'admin' },
        yes: { type: 'boolean', short: 'y', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new Exit(2, `${(err as Error).message}\n\n${USAGE}`);
  }
  if (values.help) throw new Exit(0, USAGE);
  const missing = (['username', 'email'] as const).filter((k) => !values[k]?.trim());
  if (missing.length) throw new Exit(2, `Missing ${missing.map((m) => `--${m}`).join(' and ')}.\n\n${USAGE}`);
  const role = staffRoleSchema.safeParse(values.role);
  if (!role.success) throw new Exit(2, `--role: ${role.error.issues[0]?.message ?? 'unknown role'}\n\n${USAGE}`);
  return {
    role: role.data,
    username: values.username!,
    email: values.email!,
    firstName: values['first-name'] ?? 'Lab',
    lastName: values['last-name'] ?? 'Staff',
    yes: values.yes,
  };
}

/** one line from the terminal; with `hidden`, what is typed is not echoed */
async function ask(question: string, hidden = false): Promise<string> {
  if (!hidden) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    try {
      return await rl.question(question);
    } finally {
      rl.close();
    }
  }
  // readline echoes through its output stream; a stream that drops everything hides the password.
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
  try {
    process.stdout.write(question);
    const answer = await rl.question('');
    process.stdout.write('\n');
    return answer;
  } finally {
    rl.close();
  }
}

async function readPassword(input: StaffAccountInput): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') {
    const problems = staffPasswordProblems(input, fromEnv);
    if (problems.length) throw new Exit(2, `STAFF_PASSWORD is not accepted:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return fromEnv;
  }
  if (!process.stdin.isTTY) throw new Exit(3, 'No terminal to ask the password on: set STAFF_PASSWORD.');
  for (let attempt = 1; attempt <= 3; attempt++) {
    const password = await ask('Password: ', true);
    const problems = staffPasswordProblems(input, password);
    if (problems.length) {
      process.stderr.write(`${problems.map((p) => `  - ${p}`).join('\n')}\n`);
      continue;
    }
    if ((await ask('Password (again): ', true)) !== password) {
      process.stderr.write('  - The passwords do not match.\n');
      continue;
    }
    return password;
  }
  throw new Exit(2, 'No acceptable password after 3 attempts.');
}

async function run(argv: string[]): Promise<string> {
  const input = parse(argv);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) throw new Exit(2, err.message);
    throw err;
  }
  let database: Db | undefined;
  try {
    database = await createDb(config.databaseUrl, { poolSize: 1 });
    await migrateToLatest(database.db, database.dialect);
    const plan = await planStaffAccount(database.db, input);
    if (plan.kind === 'already-staff') return `"${plan.user.username}" is already a staff account; nothing changed.`;
    if (plan.kind === 'promote') {
      const who = `"${plan.user.username}" (${plan.user.first_name} ${plan.user.last_name}, ${plan.user.email})`;
      if (!input.yes) {
        if (!process.stdin.isTTY) throw new Exit(3, `The account ${who} exists. Run again with --yes to promote it to staff.`);
        const answer = await ask(`The account ${who} exists. Give it staff access? [y/N] `);
        if (!/^y(es)?$/i.test(answer.trim())) throw new Exit(3, 'Cancelled; nothing changed.');
      }
      await promoteToStaff(database.db, plan.user.id, input.role);
      return `${who} is now a staff account. Sign in at /staff.`;
    }
    const password = await readPassword(input);
    const { id } = await createStaffAccount(database.db, input, password);
    return `Created staff account "${input.username.trim()}" (id ${id}). Sign in at /staff: the first sign-in sets up the authenticator app (second factor).`;
  } catch (err) {
    if (err instanceof StaffAccountError) {
      throw new Exit(2, [err.message, ...err.problems.map((p) => `  - ${p}`)].join('\n'));
    }
    throw err;
  } finally {
    await database?.close();
  }
}

try {
  const message = await run(process.argv.slice(2));
  process.stdout.write(`${message}\n`);
  process.exitCode = 0;
} catch (err) {
  if (err instanceof Exit) {
    (err.code === 0 ? process.stdout : process.stderr).write(`${err.message}\n`);
    process.exitCode = err.code;
  } else {
    process.stderr.write(`staff:create failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
