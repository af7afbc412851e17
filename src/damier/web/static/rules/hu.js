// damier web: short rules of the variants in Hungarian (International and both Czech rule sets; other variants are shown in English).
// Keys: <variant>.<section>, sections board, men, kings, capture, promotion, end, draws.
// The full rules, with their sources, are docs/rules/ in the repository.
export default {
  "international.board": "10×10-es tábla, a játék az 50 sötét mezőn folyik; mindkét játékos bal keze felé eső sarokban sötét mező van. Mindkét félnek húsz korongja van a négy legközelebbi sorban (sötét az 1–20., világos a 31–50. mezőn). A világos kezd.",
  "international.men": "A gyalog egy mezőt lép átlósan előre, szabad mezőre. Előre és hátra is üt: átugorja az ellenfél szomszédos korongját (gyalogot vagy dámát), és a közvetlenül mögötte lévő szabad mezőre lép.",
  "international.kings": "A dáma hosszan lép: az átló mentén bármennyi szabad mezőt megtehet, előre és hátra. Az átlóján bármilyen távolságban álló korongot leütheti, ha a köztük lévő mezők szabadok, és a mögötte lévő bármelyik szabad mezőre érkezhet.",
  "international.capture": "Ütni kötelező, és az ütés addig folytatódik, amíg a korong tovább tud ütni; az ütések között irányt válthat. Többségi szabály: a lehető legtöbb korongot kell leütni, a dáma egy korongnak számít; az azonos számú ütések közül szabadon választhat. Egy korongot nem lehet kétszer átugrani, és a leütött korongokat csak a lépés végén veszik le.",
  "international.promotion": "A gyalog, amely lépését az utolsó sorban fejezi be, dámává változik, és a következő lépésétől dámaként lép. Az a gyalog, amely ütés közben csak áthalad az utolsó soron, gyalog marad.",
  "international.end": "Az nyer, akinek az ellenfele a maga lépésénél nem tud lépni (nincs több korongja, vagy mind be van zárva), vagy feladja a játszmát.",
  "international.draws": "Megegyezéssel; ha ugyanaz az állás harmadszor fordul elő ugyanazzal a játékossal lépésen; ha mindkét fél 25 lépésén át csak dámák léptek és nem volt ütés; három korong, köztük legalább egy dáma, egyetlen dáma ellen: mindkét fél további 16 lépése után; két vagy egy korong, köztük dáma, egyetlen dáma ellen: mindkét fél további 5 lépése után.",
  "czech.board": "8×8-as tábla, a játék a 32 sötét mezőn folyik; mindkét játékos bal keze felé eső sarokban sötét mező van. Mindkét félnek tizenkét korongja van a három legközelebbi sorban. A világos kezd. A mezők neve a1–h8.",
  "czech.men": "A gyalog egy mezőt lép átlósan előre, szabad mezőre, és csak előre üt: átugorja az ellenfél szomszédos korongját (gyalogot vagy dámát) a mögötte lévő szabad mezőre.",
  "czech.kings": "A dáma hosszan lép: az átló mentén bármennyi szabad mezőt megtehet, és előre-hátra bármilyen távolságból üt, a leütött korong mögötti bármelyik szabad mezőre érkezve.",
  "czech.capture": "Ütni kötelező, és az ütést be kell fejezni. Nincs többségi szabály: bármelyik ütést választhatja, akár kevesebbet ütőt is, de ha dáma tud ütni, dámával kell ütni (a dáma elsőbbsége). Egy korongot nem lehet kétszer átugrani; a leütött korongokat a lépés végén veszik le.",
  "czech.promotion": "Az utolsó sorba érő gyalog dámává változik; lépése ott véget ér, és a következő lépésétől dámaként lép.",
  "czech.end": "Az nyer, akinek az ellenfele a maga lépésénél nem tud lépni (nincs több korongja, vagy mind be van zárva), vagy feladja a játszmát.",
  "czech.draws": "Megegyezéssel; ha ugyanaz az állás harmadszor fordul elő, és egy játékos igényli (a döntetlen gomb felajánlja); mindkét fél 15 lépése után, ha nem volt ütés és gyalog sem lépett.",
  "czech-traditional.board": "A cseh dámajáték otthoni formája: 8×8-as tábla, a játék a 32 sötét mezőn folyik, mindkét félnek tizenkét korongja van a három legközelebbi sorban (sötét az 1–12., világos a 21–32. mezőn). A sötét kezd.",
  "czech-traditional.men": "A gyalog egy mezőt lép átlósan előre, hátra soha. Csak előre üt: átugorja az ellenfél szomszédos korongját a mögötte lévő szabad mezőre.",
  "czech-traditional.kings": "A dáma átlósan bármely irányba bármennyi szabad mezőt léphet. Úgy üt, mint a gyalog, de a leütött korongnak nem kell mellette állnia, és az ugrás után a mögötte lévő bármelyik szabad mezőre érkezhet. A dámát bármelyik ellenséges korong, gyalog is leütheti.",
  "czech-traditional.capture": "Ütni kötelező, a többszörös ütést végig kell vinni, közben irányt lehet váltani. Az ütések közül szabadon választhat (nincs többségi szabály), de a dáma mindig elsőbbséget élvez az ütésben. Elfújás: ha egy játékos nem üt, pedig tudna (vagy félbehagyja az ütést, vagy gyaloggal üt, amikor dáma is üthetne), az ellenfél a saját lépése előtt leveheti azt a korongot, amelynek ütnie kellett volna (ha több is üthetett, bármelyiket). Itt: nyomja meg az Elfújás gombot, kattintson a korongra, majd lépjen.",  // unsure: 'elfújás' for huffing is my rendering; the Hungarian term may differ
  "czech-traditional.promotion": "Az a gyalog, amely lépéssel vagy ütéssel az utolsó sorba ér, dámává változik.",
  "czech-traditional.end": "Az nyer, aki az ellenfél összes korongját leüti; az is veszít, aki a maga lépésénél nem tud lépni.",
  "czech-traditional.draws": "Megegyezéssel, és ha mindkét fél 20 lépésén át nem volt ütés. Állásismétlési szabály nincs.",
};
