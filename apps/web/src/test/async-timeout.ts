// findBy… and waitFor wait up to 5 s instead of Testing Library's 1 s: beside the server suite on
// two busy cores, a lazy modal's first render alone outlasted the default.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
