// damier web: short rules of the variants in Serbian (Latin script) (International and both Czech rule sets; other variants are shown in English).
// Keys: <variant>.<section>, sections board, men, kings, capture, promotion, end, draws.
// The full rules, with their sources, are docs/rules/ in the repository.
export default {
  "international.board": "Tabla 10×10, igra se na 50 tamnih polja; u levom uglu do svakog igrača je tamno polje. Svaki igrač ima dvadeset figura na četiri najbliža reda (crni na poljima 1–20, beli na 31–50). Prvi igra beli.",
  "international.men": "Obična figura ide jedno polje ukoso napred na slobodno polje. Uzima i napred i nazad: preskače susednu protivničku figuru (običnu ili damu) na slobodno polje odmah iza nje.",
  "international.kings": "Dama ide daleko: po dijagonali prelazi koliko god slobodnih polja, napred i nazad. Uzima figuru na bilo kojoj udaljenosti na svojoj dijagonali ako su polja između slobodna, i staje na bilo koje slobodno polje iza nje.",
  "international.capture": "Uzimanje je obavezno i nastavlja se sve dok figura može dalje da uzima; između skokova sme da menja pravac. Pravilo većine: mora se uzeti najveći mogući broj figura, a dama se računa kao jedna figura; između uzimanja istog broja figura birate slobodno. Nijedna figura se ne preskače dva puta, a uzete figure se skidaju tek kad se potez završi.",
  "international.promotion": "Obična figura koja završi potez na poslednjem redu postaje dama i kao dama igra od sledećeg poteza. Obična figura koja pri uzimanju samo pređe preko poslednjeg reda ostaje obična.",
  "international.end": "Pobeđuje onaj čiji protivnik na svom potezu ne može da odigra potez (nema više figura ili su sve blokirane) ili preda partiju.",
  "international.draws": "Dogovorom; kada se ista pozicija sa istim igračem na potezu pojavi treći put; posle 25 poteza svakog igrača u kojima su se kretale samo dame i ništa nije uzeto; tri figure, bar jedna od njih dama, protiv usamljene dame: posle još 16 poteza svakog igrača; dve figure ili jedna, među njima dama, protiv usamljene dame: posle još 5 poteza svakog igrača.",
  "czech.board": "Tabla 8×8, igra se na 32 tamna polja; u levom uglu do svakog igrača je tamno polje. Svaki igrač ima dvanaest figura na tri najbliža reda. Prvi igra beli. Polja se označavaju a1–h8.",
  "czech.men": "Obična figura ide jedno polje ukoso napred na slobodno polje i uzima samo napred: preskače susednu protivničku figuru (običnu ili damu) na slobodno polje iza nje.",
  "czech.kings": "Dama ide daleko: po dijagonali prelazi koliko god slobodnih polja, a uzima napred i nazad figuru na bilo kojoj udaljenosti i staje na bilo koje slobodno polje iza nje.",
  "czech.capture": "Uzimanje je obavezno i mora se završiti. Pravilo većine ne važi: sme se izabrati bilo koje uzimanje, čak i ono koje uzima manje figura, ali ako dama može da uzima, mora da uzima dama (prednost dame). Nijedna figura se ne preskače dva puta; uzete figure se skidaju posle poteza.",
  "czech.promotion": "Obična figura koja stigne do poslednjeg reda postaje dama; tu joj se potez završava, a kao dama igra od sledećeg poteza.",
  "czech.end": "Pobeđuje onaj čiji protivnik na svom potezu ne može da odigra potez (nema više figura ili su sve blokirane) ili preda partiju.",
  "czech.draws": "Dogovorom; kada se ista pozicija pojavi treći put i igrač zatraži remi (dugme za remi ga nudi); posle 15 poteza svakog igrača bez uzimanja i bez poteza običnom figurom.",
  "czech-traditional.board": "Češka dama kakva se igra kod kuće: tabla 8×8, igra se na 32 tamna polja, svaki igrač ima dvanaest figura (kamenova) na tri najbliža reda (crni na poljima 1–12, beli na 21–32). Prvi igra crni.",
  "czech-traditional.men": "Obična figura ide jedno polje ukoso napred, nikad nazad. Uzima samo napred: preskače susednu protivničku figuru na slobodno polje iza nje.",
  "czech-traditional.kings": "Dama ide ukoso u bilo kom pravcu preko koliko god slobodnih polja. Uzima kao obična figura, ali uzeta figura ne mora da stoji tik do nje, a posle skoka sme da stane na bilo koje slobodno polje iza nje. Damu može da uzme bilo koja protivnička figura, pa i obična.",
  "czech-traditional.capture": "Uzimanje je obavezno, a višestruko uzimanje mora se izvesti do kraja, uz promenu pravca po potrebi. Između uzimanja birate slobodno (pravilo većine ne važi), ali dama uvek ima prednost pri uzimanju. Duvanje: kada igrač ne uzme iako je mogao (ili prekine uzimanje, ili uzima običnom figurom kad je dama mogla), protivnik pre svog poteza sme da skine figuru koja je trebalo da uzima (ako ih je više moglo, bilo koju od njih). Ovde: pritisnite Oduvaj, kliknite na figuru, pa odigrajte potez.",  // unsure: 'duvanje/oduvati' for huffing: no Serbian source seen
  "czech-traditional.promotion": "Obična figura koja potezom ili uzimanjem stigne do poslednjeg reda postaje dama.",
  "czech-traditional.end": "Pobeđuje igrač koji protivniku uzme sve figure; gubi i onaj ko na svom potezu ne može da odigra potez.",
  "czech-traditional.draws": "Dogovorom i posle 20 poteza svakog igrača u kojima nije uzeta nijedna figura. Pravilo ponavljanja pozicije ne postoji.",
};
