import type { ComponentProps } from 'react';
import { PersonChoice } from '../../../components/person-choice.tsx';
import type { PersonKind } from '../../../lib/people-search.ts';
import { rememberPersonName } from '../person-names.ts';

type Props = Omit<ComponentProps<typeof PersonChoice>, 'onChoose'> & { onChoose: (kind: PersonKind, id: number) => void };

/** The person a filter of the Registro is on: the URL keeps the id, this tab remembers the name chosen (person-names.ts). */
export function PersonFilter({ onChoose, ...props }: Props) {
  return (
    <PersonChoice
      {...props}
      onChoose={(kind, person) => {
        rememberPersonName(kind, person.ID, person.label);
        onChoose(kind, person.ID);
      }}
    />
  );
}
