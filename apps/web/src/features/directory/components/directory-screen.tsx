// Placeholder until this screen's issue builds it; the tab and route already load it lazily.
import { UnderConstruction } from '../../../app/under-construction.tsx';

export default function DirectoryScreen() {
  return <UnderConstruction title="Buscar Negocios" />;
}
