// Any schema issue without its own SPEC message reads 'Invalid request data' (SPEC §8).
import { z } from 'zod';
import { MSG } from './messages.ts';

z.config({ customError: () => MSG.invalidRequestData });
