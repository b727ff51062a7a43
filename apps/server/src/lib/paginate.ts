// One page of a staff list: the total that matches the filter, and the rows of the asked-for window
// (the contract's default page size when none is asked), counted and read side by side.
import { DEFAULT_PAGE_SIZE } from '@lab/contract';

export interface PageQuery {
  limit?: number | undefined;
  offset?: number | undefined;
}

export interface Page<Item> {
  total: number;
  limit: number;
  offset: number;
  items: Item[];
}

export async function paginate<Row, Item>(
  page: PageQuery,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<Row[]>,
  shape: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<Page<Item>> {
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const offset = page.offset ?? 0;
  const [total, found] = await Promise.all([count(), rows(limit, offset)]);
  return { total, limit, offset, items: await shape(found) };
}
