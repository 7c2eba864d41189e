// The standalone routes of SPEC §2 whose screens come in later issues.
import { UnderConstruction } from './under-construction.tsx';

export const BusinessDataPage = () => <UnderConstruction title="Gestionar Contenido" />;
export const BusinessRegistrationsPage = () => <UnderConstruction title="Registrar Negocio" />;
export const AdminRegistrationHistoryPage = () => <UnderConstruction title="Historial de Registros" />;
export const AdminRegistrationPage = () => <UnderConstruction title="Registrar Admin" />;
export const AdminApprovalPage = () => <UnderConstruction title="Aprobar Admins" />;
