// Validates an OpenAPI document (a file path argument) with @seriousme/openapi-schema-validator, which
// checks it against the OpenAPI Initiative's published JSON Schemas; prints {valid, errors, version}.
import { Validator } from '@seriousme/openapi-schema-validator';

const validator = new Validator();
const result = await validator.validate(process.argv[2]);
process.stdout.write(JSON.stringify({ ...result, version: validator.version }));
