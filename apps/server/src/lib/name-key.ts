// The key a name is compared and searched by, for every script: Unicode case folding and NFC, so
// "CFTR ΔF508 Mutation" and "cftr δf508 mutation" are one name, and "δf50" finds both. SQL's lower()
// cannot do this: SQLite's folds ASCII only, and PostgreSQL's depends on the database's locale.

/**
 * Full case folding as Unicode's toCasefold does it for all but a few letters: upper-casing first
 * maps ß to SS and ligatures to their letters, lower-casing then gives one form; final sigma (ς),
 * which lower-casing picks by position, is folded to σ so a key's part matches wherever it stands.
 */
export function nameKey(name: string): string {
  return name.normalize('NFC').trim().toUpperCase().toLowerCase().replace(/ς/g, 'σ').normalize('NFC');
}
