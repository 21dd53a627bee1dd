// A jest setup file: every test file's fetch checks Signet's answers against the OpenAPI document.
import { checkEveryFetch } from './checked-answers';

checkEveryFetch();
