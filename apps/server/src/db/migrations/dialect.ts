// The databases the migrations were written for. The migrations' own copy, not db/index.ts's type: a
// shipped migration imports no live code (see migrations-frozen.test.ts), and a new dialect needs
// migrations of its own anyway.
export type Dialect = 'sqlite' | 'postgres';
