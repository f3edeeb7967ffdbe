/** `node --import <this file>`: registers the TypeScript module hooks (ts-hooks.mjs). */
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
