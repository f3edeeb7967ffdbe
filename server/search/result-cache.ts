/**
 * Recent search answers, kept in memory for as long as the answer says it may be cached
 * (`Cache-Control: public, max-age=60`) and only while the catalogue is the one they were made
 * from. Popular searches then cost one query a minute per instance, whatever the traffic, while a
 * search nobody made before still runs in full. Bounded: the oldest entry goes first.
 */
export const SEARCH_CACHE_SECONDS = 60;
const MAX_ENTRIES = 500;

interface Entry<T> {
  value: T;
  expires: number;
  version: number;
}

export class SearchResultCache<T> {
  private entries = new Map<string, Entry<T>>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string, version: number, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version && hit.expires > this.now()) return hit.value;
    const value = await compute();
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value ?? '');
    this.entries.set(key, { value, version, expires: this.now() + SEARCH_CACHE_SECONDS * 1000 });
    return value;
  }
}
