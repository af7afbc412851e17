// damier web: short rules of the variants in Czech (International and both Czech rule sets; other variants are shown in English).
// Keys: <variant>.<section>, sections board, men, kings, capture, promotion, end, draws.
// The full rules, with their sources, are docs/rules/ in the repository.
export default {
  "international.board": "Deska 10×10, hraje se na 50 tmavých polích, tmavé pole je v levém rohu u každého hráče. Každý hráč má dvacet kamenů na čtyřech nejbližších řadách (černý na polích 1–20, bílý na 31–50). Začíná bílý.",
  "international.men": "Kámen táhne o jedno pole šikmo vpřed na volné pole. Bere vpřed i vzad: přeskočí sousední soupeřův kámen nebo dámu na volné pole hned za ním.",
  "international.kings": "Dáma je dálková: táhne po úhlopříčce o libovolný počet volných polí, vpřed i vzad. Bere soupeřův kámen v libovolné vzdálenosti na své úhlopříčce, jsou-li pole mezi nimi volná, a dopadne na kterékoli volné pole za ním.",
  "international.capture": "Braní je povinné a pokračuje, dokud kámen může skákat dál; mezi skoky smí měnit směr. Pravidlo většiny: musíte vzít co nejvíc kamenů, dáma se počítá jako jeden kámen; mezi braními stejného počtu si vyberete. Žádný kámen se nepřeskakuje dvakrát a vzaté kameny se odeberou až po dokončení tahu.",
  "international.promotion": "Kámen, který skončí tah na poslední řadě, se mění v dámu a jako dáma táhne od příštího tahu. Kámen, který poslední řadu při braní jen přejde, zůstává kamenem.",
  "international.end": "Vyhrává ten, jehož soupeř nemůže na svém tahu táhnout (nemá žádné kameny nebo jsou všechny zablokované), nebo se vzdá.",
  "international.draws": "Dohodou; když se stejná pozice se stejným hráčem na tahu objeví potřetí; po 25 tazích každého hráče, v nichž táhly jen dámy a nic se nebralo; tři kameny, z toho aspoň jedna dáma, proti osamocené dámě: po dalších 16 tazích každého hráče; dva kameny nebo jeden, z toho dáma, proti osamocené dámě: po dalších 5 tazích každého hráče.",
  "czech.board": "Deska 8×8, hraje se na 32 tmavých polích, tmavé pole je v levém rohu u každého hráče. Každý hráč má dvanáct kamenů na třech nejbližších řadách. Začíná bílý. Pole se značí a1–h8.",
  "czech.men": "Kámen táhne o jedno pole šikmo vpřed na volné pole a bere jen vpřed: přeskočí sousední soupeřův kámen nebo dámu na volné pole za ním.",
  "czech.kings": "Dáma je dálková: táhne po úhlopříčce o libovolný počet volných polí a bere vpřed i vzad kámen v libovolné vzdálenosti; dopadne na kterékoli volné pole za ním.",
  "czech.capture": "Braní je povinné a musí se dokončit. Pravidlo většiny neplatí: smíte zvolit kterékoli braní, i to, které bere méně kamenů. Může-li však brát dáma, musí brát dáma (přednost dámy). Žádný kámen se nepřeskakuje dvakrát; vzaté kameny se odeberou po skončení tahu.",
  "czech.promotion": "Kámen, který dojde na poslední řadu, se mění v dámu; jeho tah tam končí a jako dáma táhne od příštího tahu.",
  "czech.end": "Vyhrává ten, jehož soupeř nemůže na svém tahu táhnout (nemá žádné kameny nebo jsou všechny zablokované), nebo se vzdá.",
  "czech.draws": "Dohodou; když se stejná pozice objeví potřetí a hráč remízu požaduje (tlačítko remízy ji nabídne); po 15 tazích každého hráče bez braní a bez tahu kamenem.",
  "czech-traditional.board": "Dáma, jak se hraje doma: deska 8×8, hraje se na 32 tmavých polích, každý hráč má dvanáct kamenů na třech nejbližších řadách (černý na polích 1–12, bílý na 21–32). Začíná černý.",
  "czech-traditional.men": "Kámen táhne o jedno pole šikmo vpřed, nikdy zpět. Bere jen vpřed: přeskočí sousední soupeřův kámen na volné pole za ním.",
  "czech-traditional.kings": "Dáma táhne šikmo libovolným směrem o libovolný počet volných polí. Bere jako kámen, ale braný kámen nemusí stát hned vedle ní a po skoku smí dopadnout na kterékoli volné pole za ním. Dámu může vzít kterýkoli soupeřův kámen.",
  "czech-traditional.capture": "Skákat je povinné a vícenásobný skok se musí provést celý; mezi skoky lze měnit směr. Mezi braními si vybíráte volně (pravidlo většiny neplatí), ale dáma má ve skákání vždy přednost. Foukání: když hráč neskočí, ač mohl (nebo skok nedokončí, nebo skáče kamenem, když mohla dáma), smí mu soupeř před svým tahem odebrat kámen, který měl skákat (mohlo-li jich skákat víc, kterýkoli z nich). Zde: stiskněte Sfouknout, klikněte na kámen a táhněte.",  // unsure: 'foukání/sfouknout' for huffing (the seed text only says 'odebrat kámen')
  "czech-traditional.promotion": "Kámen, který se tahem nebo skokem dostane do poslední řady, se stává dámou.",
  "czech-traditional.end": "Vyhrává hráč, který soupeři vezme všechny kameny; prohrává i ten, kdo na svém tahu nemůže táhnout.",
  "czech-traditional.draws": "Dohodou a po 20 tazích každého hráče, v nichž nebyl vzat žádný kámen. Pravidlo opakování pozice se nepoužívá.",
};
