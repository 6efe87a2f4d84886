import { describe, expect, it } from 'vitest';
import { roleChoicesQueryOptions } from '@/api/roles';
import { handingOut, handOutChoices } from './hand-out';

const WHY = 'You cannot give this role.';
const READER = { value: 'r1', label: 'Reader (reader)' };
const AUDITOR = { value: 'r2', label: 'Auditor (auditor)', disabled: true };
const ADMIN = { value: 'r3', label: 'Administrator (administrator)', disabled: true };

describe('handOutChoices', () => {
  it('titles what may not be given with why, and leaves the rest as found', () => {
    expect(handOutChoices([READER, AUDITOR], [], WHY)).toEqual([READER, { ...AUDITOR, title: WHY }]);
  });

  it('keeps pickable what the record had already, since putting it back gives nothing new', () => {
    expect(handOutChoices([READER, AUDITOR, ADMIN], ['r2'], WHY)).toEqual([
      READER,
      { value: 'r2', label: 'Auditor (auditor)' },
      { ...ADMIN, title: WHY },
    ]);
  });

  it("applies to a picker's search as it finds", () => {
    const search = handingOut(roleChoicesQueryOptions('aud'), ['r2'], WHY);
    expect(search.queryKey).toEqual(roleChoicesQueryOptions('aud').queryKey);
    const select = search.select as (found: unknown) => unknown;
    expect(select([AUDITOR, ADMIN])).toEqual([
      { value: 'r2', label: 'Auditor (auditor)' },
      { ...ADMIN, title: WHY },
    ]);
  });
});
