// The signed-in owner's company, loaded once by the shell and shared by every screen inside it.
// A screen that saves company data hands the saved company back with setCompany.
import { createContext, type ReactNode, useContext } from 'react';
import type { Company } from '../api/types';

interface CompanyContextValue {
  company: Company;
  setCompany(company: Company): void;
  reload(): Promise<void>;
}

const CompanyContext = createContext<CompanyContextValue | null>(null);

export function CompanyProvider({ value, children }: { value: CompanyContextValue; children: ReactNode }) {
  return <CompanyContext.Provider value={value}>{children}</CompanyContext.Provider>;
}

export function useCompany(): CompanyContextValue {
  const value = useContext(CompanyContext);
  if (!value) throw new Error('useCompany outside the admin shell');
  return value;
}
