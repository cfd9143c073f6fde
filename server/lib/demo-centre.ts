/**
 * The demo centre's staff and types of activity, as data alone: `npm run seed:demo` writes them (server/lib/seed-demo.ts),
 * and the Pianificatore's synthetic centres take the same shape (server/features/pianificatore/synthetic.ts).
 */
import type { Profilo } from '../../common/progetti.ts';

/** The operatori with their profile and contracted hours: every one at the centre Monday to Friday, 08:00–17:00. */
export const DEMO_THERAPISTS: { username: string; profile: Profilo; hours: number }[] = [
  { username: 'paola.neri', profile: 'logopedista', hours: 36 },
  { username: 'stefano.villa', profile: 'fisioterapista', hours: 36 },
  { username: 'laura.fontana', profile: 'educatore_professionale', hours: 38 },
  { username: 'giacomo.serra', profile: 'fisioterapista', hours: 30 },
  { username: 'marta.caruso', profile: 'tnpee', hours: 36 },
  { username: 'fabio.longo', profile: 'educatore_professionale', hours: 38 },
  { username: 'silvia.gatti', profile: 'logopedista', hours: 30 },
  { username: 'nicola.testa', profile: 'oss', hours: 38 },
  { username: 'irene.pellegrini', profile: 'psicologo', hours: 30 },
  { username: 'dario.marchetti', profile: 'altro', hours: 36 },
  { username: 'elisa.sala', profile: 'terapista_occupazionale', hours: 36 },
  { username: 'pietro.barbieri', profile: 'oss', hours: 38 },
];

/** The demo's types of activity: each room's typed activities, and one type no room plans (Pranzo). */
export const DEMO_TYPES: { name: string; profile: Profilo | null; participants: number; minutes: number }[] = [
  { name: 'Fisioterapia individuale', profile: 'fisioterapista', participants: 1, minutes: 45 },
  { name: 'Motoria di gruppo', profile: 'fisioterapista', participants: 6, minutes: 90 },
  { name: 'Logopedia individuale', profile: 'logopedista', participants: 1, minutes: 45 },
  { name: 'Comunicazione aumentativa', profile: 'logopedista', participants: 4, minutes: 60 },
  { name: 'Psicomotricità', profile: 'tnpee', participants: 4, minutes: 60 },
  { name: 'Musicoterapia', profile: 'altro', participants: 6, minutes: 60 },
  { name: 'Laboratorio educativo', profile: 'educatore_professionale', participants: 8, minutes: 90 },
  { name: 'Terapia occupazionale', profile: 'terapista_occupazionale', participants: 4, minutes: 60 },
  { name: 'Colloquio psicologico', profile: 'psicologo', participants: 1, minutes: 45 },
  { name: 'Pranzo', profile: null, participants: 30, minutes: 60 },
];
