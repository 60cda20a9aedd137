// The five FAQ items (the spec's Screens "FAQ"): getting started, price, self-editing, AI content, own domain.
import { PRICE_KR, TRIAL_MONTHS } from '../../rules/plan';
export interface FaqItem {
  question: string;
  answer: string;
}

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'Hvordan kommer jeg i gang?',
    answer:
      'Du indtaster dit CVR-nummer, bekræfter din virksomhed og opretter et login med din e-mail og en adgangskode. Så skriver vi de første tekster og lægger din hjemmeside online. Det hele tager under 5 minutter.',
  },
  {
    question: 'Hvad koster det?',
    answer: `De første ${TRIAL_MONTHS} måneder er gratis, og du skal ikke oplyse kortnummer. Derefter koster det ${PRICE_KR} kr. om måneden ekskl. moms med ubegrænset antal sider og gratis support. Der er ingen binding, så du kan stoppe, når du vil.`,
  },
  {
    question: 'Kan jeg selv rette i min hjemmeside?',
    answer:
      'Ja. Du logger ind i administrationen og retter tekster, billeder, åbningstider, kontaktoplysninger og farver. Ændringerne ligger online med det samme, og du behøver ingen tekniske evner.',
  },
  {
    question: 'Hvordan bliver teksterne skrevet med AI?',
    answer:
      'Vi bruger oplysningerne fra CVR-registeret, din branche og eventuelt din nuværende hjemmeside til at skrive danske tekster, der er lavet til at blive fundet på Google. Du læser dem igennem og retter, hvad du vil. Du kan få op til 5 nye forslag om dagen.',
  },
  {
    question: 'Kan jeg bruge mit eget domæne?',
    answer:
      'Ja. Din hjemmeside får en adresse hos os med det samme, og du kan koble dit eget domæne på under indstillinger. Vi viser præcis, hvilke DNS-oplysninger du skal indtaste hos din domæneudbyder. Der kan gå op til 24 timer, før ændringen virker.',
  },
];
