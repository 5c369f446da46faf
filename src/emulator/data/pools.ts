/**
 * Word pools for the emulator's data generator, written by scripts/emulator-data.mjs from
 * faker (seed 20240115). Do not edit by hand: run the script.
 */
export const POOLS = {
 "people": {
  "DE": {
   "firstNames": [
    ...["Nadja", "Stephanie", "Merve", "Ina", "Marina", "Arthur", "Samira", "Alina", "Tina", "Rania", "Marissa", "Emmi", "Furkan", "Mick", "Tarja", "Kimberly", "Ava", "Santino", "Benno", "Johnny", "Josie", "Joline", "Anneke", "Catharina", "Leandro"],
    ...["Daniela", "Thomas", "Giuliano", "Silja", "Annabel", "Sara", "Luca", "Diego", "Leoni", "Marvin", "Marika", "Jon", "Youssef", "Levin", "Charlie"]
   ],
   "lastNames": [
    ...["Walther", "Normann", "Gamper", "Linnenbaum", "Wiegelmann", "Kappler", "Haaf", "Lakomy", "Evers", "Figura", "Schroder", "Heist", "Schima", "Goedicke", "Stratmann", "Elss", "Kalinowski", "Stöppler", "Patzwahl", "Gradzki", "Hudak", "Dohring", "Deja"],
    ...["Uhlemann", "Tepper", "Pallentin", "Ehm", "Albrecht", "Marl", "Kumbernuss", "Hache", "Mai", "Vona", "Schäning", "Bieler", "Bauschke", "Sailer", "Sievers", "Marahrens", "Bogdashin"]
   ],
   "cities": ["Sachsestadt", "Landshut", "West Melikeburg", "Kúhnertland", "Elmshorn", "Nord Dean", "Leandroburg", "Fusenigscheid", "Alt Klaasscheid", "Frederikscheid", "Trier", "Scheerdorf", "West Vincentscheid", "Süd Jasminaburg", "Süd Leticialand", "Giadastadt"],
   "phonePrefix": "+49",
   "domain": "example.de"
  },
  "FR": {
   "firstNames": [
    ...["Océane", "Sylviane", "Muriel", "Bénédicte", "Mahaut", "Adéodat", "Rosalie", "Adèle", "Xavière", "Pétronille", "Mallaury", "Astérie", "Brieuc", "Mathurin", "Victoire", "Flavie", "Amandine", "Maxime", "Alcibiade", "Firmin", "Diane", "Danielle"],
    ...["Alice", "Anaëlle", "Guérin", "Anémone", "Tim", "Camélien", "Simone", "Aleth", "Réjeanne", "Hippolyte", "Arian", "Gisèle", "Luc", "Maguelone", "Épiphane", "Hélier", "Amour", "Victorien"]
   ],
   "lastNames": [
    ...["Marty", "Dubois", "Legrand", "Schneider", "Guillaume", "Fabre", "Leclerc", "Collet", "Cousin", "Picard", "Fontaine", "Perrin", "Dumont", "Riviere", "Clement", "Robin", "Menard", "Dupont", "Gautier", "Carre", "Caron", "Rousseau", "Roche", "Mathieu"],
    ...["Chevalier", "Andre", "Leroux", "Laurent", "Lemoine", "Roy", "Lambert", "Pons", "Benoit", "Barbier", "Paris", "Renard", "Bernard", "Petit", "Remy", "Gauthier"]
   ],
   "cities": ["Caen", "Nîmes", "Quimper", "Valence", "Rouen", "Saint-Denis", "Lorient", "Marseille", "Saint-Maur-des-Fossés", "Cannes", "Colmar", "Ajaccio", "Nancy", "Drancy", "Brest", "Lille"],
   "phonePrefix": "+33",
   "domain": "example.fr"
  },
  "GB": {
   "firstNames": [
    ...["Nola", "Stephany", "Mireya", "Haven", "Marianna", "Arjun", "Sallie", "Alison", "Tyra", "Rhianna", "Marielle", "Dorris", "Duane", "Maximillian", "Tiana", "Karson", "Bernadine", "Robin", "Bernard", "Gust", "Jasmin", "Jakayla", "Ardella", "Caitlyn"],
    ...["Jerel", "Cindy", "Theo", "Edward", "Shaylee", "Annette", "Sarina", "Murphy", "Columbus", "Kyla", "Lorenzo", "Mariana", "Gustave", "Wyman", "Josiah", "Buster"]
   ],
   "lastNames": [
    ...["Welch", "Nicolas", "Fay", "Lindgren", "Wintheiser", "Jakubowski", "Green", "Lang", "Dibbert", "Donnelly", "Schimmel", "Halvorson", "Russel", "Friesen", "Strosin", "Dare", "Halvorson-Dicki", "Rohan", "Gerhold", "O'Kon", "Considine", "Moen", "Jerde"],
    ...["Ledner", "Volkman-Mayert", "Cruickshank", "McClure", "Padberg", "Ernser", "Hammes", "Dietrich", "Effertz", "Homenick-Kuhlman", "Schultz", "Bednar", "Bashirian-Russel", "Mitchell", "Keeling", "Purdy", "Rogahn"]
   ],
   "cities": [
    ...["Castle Hermannfield", "Russel-Rempel Heath", "Effertzing", "Long Kshlerin Park", "Lower Hagenes Park", "Nether Oberbrunner Park", "New Morar", "New Pfannerstill", "Upton Blockingham", "Reilly-Bayer-le-Jacobi", "Dooley-le-Maggio", "High Frami"],
    ...["Long Rohan", "Rohan Bridge", "Upton Purdythorpe", "Mooredon"]
   ],
   "phonePrefix": "+44",
   "domain": "example.co.uk"
  },
  "NL": {
   "firstNames": [
    ...["Nine", "Sofie", "Mirthe", "Isabella", "Maya", "Axel", "Roxy", "Amalia", "Victoria", "Pleun", "Maysa", "Fayen", "Hugo", "Nino", "Valentina", "Kim", "Cato", "Robin", "Bjorn", "Julan", "Jolie", "Jinte", "Aylin", "Demi", "Louie", "Elise", "Tomas"],
    ...["Ilyas", "Sare", "Ava", "Safae", "Quinn", "Donny", "Lilian", "Mohammad", "Zayn", "Manoah", "Christopher", "Wes", "Maaike"]
   ],
   "lastNames": [
    ...["Kok", "Willemsen", "van der Pol", "Prinsen", "Maas", "Visser", "Huisman", "Jacobs", "van Wijk", "Meyer", "van Veen", "Kramer", "van den Broek", "Hofman", "van den Heuvel", "de Leeuw", "Kuijpers", "Oosterhuis", "Hartman", "Groen", "van der Heyden"],
    ...["van den Pol", "Hermans", "Bakker", "de Boer", "Verhoeven", "Zuiderveld", "van der Laan", "van de Meer", "Bosman", "Boer", "van Iersel", "van de Velden", "Brouwer", "van de Veen", "Nijland", "van Dongen", "Wagenaar", "Moors", "van Beek"]
   ],
   "cities": ["Lintveldewier", "Hantum", "Enge", "Barrier", "OuStoof", "Langerak", "Lula", "Noordse", "Pesakenwier", "Polen", "Wapserstroom", "Beusichemeind", "Baexem", "Ronduite", "Melissant aan de IJssel", "Hulst"],
   "phonePrefix": "+31",
   "domain": "example.nl"
  },
  "US": {
   "firstNames": [
    ...["Nola", "Stephany", "Mireya", "Haven", "Marianna", "Arjun", "Sallie", "Alison", "Tyra", "Rhianna", "Marielle", "Dorris", "Duane", "Maximillian", "Tiana", "Karson", "Bernadine", "Robin", "Bernard", "Gust", "Jasmin", "Jakayla", "Ardella", "Caitlyn"],
    ...["Jerel", "Cindy", "Theo", "Edward", "Shaylee", "Annette", "Sarina", "Murphy", "Columbus", "Kyla", "Lorenzo", "Mariana", "Gustave", "Wyman", "Josiah", "Buster"]
   ],
   "lastNames": [
    ...["Welch", "Nicolas", "Fay", "Lindgren", "Wintheiser", "Jakubowski", "Green", "Lang", "Dibbert", "Donnelly", "Schimmel", "Halvorson", "Russel", "Friesen", "Strosin", "Dare", "Jacobs", "Thompson", "O'Kon", "Gerlach", "Hessel", "Cremin", "Collins", "Von"],
    ...["Toy", "O'Keefe", "D'Amore", "Altenwerth", "Mann", "Kuhlman", "MacGyver", "Wehner", "Schultz", "Bednar", "Bashirian", "Rohan", "Smith", "Maggio", "Bergstrom", "Schaefer"]
   ],
   "cities": ["Kayleighland", "East Tyler", "Kuvalisstad", "Auerstead", "East Dagmar", "Elliscester", "Port Maggiechester", "Lake Lue", "Lake Monroe", "Fort Benbury", "Reilly-Bayerstead", "New Adrienstad", "New Judahboro", "Framiport", "Murielstead", "Simonisland"],
   "phonePrefix": "+1",
   "domain": "example.com"
  },
  "JP": {
   "firstNames": [
    ...["Nola", "Stephany", "Mireya", "Haven", "Marianna", "Arjun", "Sallie", "Alison", "Tyra", "Rhianna", "Marielle", "Dorris", "Duane", "Maximillian", "Tiana", "Karson", "Bernadine", "Robin", "Bernard", "Gust", "Jasmin", "Jakayla", "Ardella", "Caitlyn"],
    ...["Jerel", "Cindy", "Theo", "Edward", "Shaylee", "Annette", "Sarina", "Murphy", "Columbus", "Kyla", "Lorenzo", "Mariana", "Gustave", "Wyman", "Josiah", "Buster"]
   ],
   "lastNames": [
    ...["Welch", "Nicolas", "Fay", "Lindgren", "Wintheiser", "Jakubowski", "Green", "Lang", "Dibbert", "Donnelly", "Schimmel", "Halvorson", "Russel", "Friesen", "Strosin", "Dare", "Jacobs", "Thompson", "O'Kon", "Gerlach", "Hessel", "Cremin", "Collins", "Von"],
    ...["Toy", "O'Keefe", "D'Amore", "Altenwerth", "Mann", "Kuhlman", "MacGyver", "Wehner", "Schultz", "Bednar", "Bashirian", "Rohan", "Smith", "Maggio", "Bergstrom", "Schaefer"]
   ],
   "cities": ["Tokyo", "Osaka", "Kyoto", "Yokohama", "Nagoya", "Sapporo", "Fukuoka", "Kobe"],
   "phonePrefix": "+81",
   "domain": "example.jp"
  }
 },
 "companies": [
  ...["Cassin Group", "Robel, Hettinger and Paucek", "Crooks, Auer and Emmerich", "Strosin - Roberts", "Gleason, Goyette and Pollich", "Heaney and Sons", "Cartwright LLC", "Grimes, Gottlieb and Jacobi", "Kertzmann Group", "Cremin Group"],
  ...["Boyer, Parisian and Reinger", "Konopelski and Sons", "Hoeger - Vandervort", "Haley, Macejkovic and Hyatt", "Parker and Sons", "Simonis and Sons", "Quitzon, Wyman and Kovacek", "Cummings - Hagenes", "Wintheiser Group", "Feeney-Green and Sons"],
  ...["Stracke Group", "Toy - Gleason", "Hickle - Langworth", "Strosin - Dare", "Dicki - Rohan", "Kris, Stanton and Langworth", "Cremin Inc", "Mayert - Mayert", "O'Keefe, D'Amore and Altenwerth", "Boyer - Brown", "Dietrich - Effertz"],
  ...["Kuhlman, Schultz and Bednar", "Russel LLC", "Smith, Maggio and Bergstrom", "Rogahn, Leffler and Dicki", "Schowalter, Auer and Daniel", "Lebsack and Sons", "Fadel, Reichel and Kunze", "Morar, Towne and Dicki", "Block, Baumbach-Wisoky and Mann"],
  ...["Walsh - Dooley", "Maggio Inc", "Frami, Botsford and Marquardt", "Simonis, Torphy and Macejkovic", "Moore, Wunsch and Shields", "Schaden, Greenfelder and Skiles", "O'Connell, Bode and Pacocha", "Schamberger, Lehner-Prohaska and Grimes"],
  ...["Funk, Schneider and Gusikowski", "Zemlak, Baumbach and Prohaska", "Bosco-Fadel and Sons", "Feeney and Sons", "Donnelly-Osinski - Carter", "Considine and Sons", "Larson, Rohan and Braun", "Welch-Legros Group", "Wolf - McKenzie"],
  ...["Mills-Cummings Group", "Rowe, Windler and Bosco", "Champlin Group", "Renner - Carter", "Grimes, Conroy and Schiller", "Hickle LLC", "Douglas and Sons", "Muller LLC", "Morissette, Sanford and Schmeler", "Block - Buckridge", "Emmerich LLC"],
  ...["Corwin Inc", "Heidenreich, Boehm and Gutkowski", "West, Turcotte and Buckridge", "Carter - Harvey", "Rosenbaum - Ritchie", "Lueilwitz Group", "Stokes, Streich and Runte", "Crooks, White and Wisoky", "Tromp - Hirthe", "Nienow - Hackett"],
  ...["Mayert - Denesik", "Kiehn-Herman, Murphy and Lebsack", "Torp, Wilkinson and Heller", "Upton and Sons", "Kuphal, Stamm and Reinger", "Rolfson - Heaney", "Kerluke, Herman and Hand", "Russel Inc", "Schuppe, Graham and Pacocha", "Dickinson LLC"],
  ...["Dach LLC", "Weimann, Kiehn and Pacocha-O'Kon", "Altenwerth - Davis", "O'Conner - Harvey", "Lakin, Lynch and Hahn", "Glover - Schmeler", "Hegmann Group", "Heaney - Murray", "Spinka - Nitzsche", "Bahringer - Waelchi", "Casper - Oberbrunner"],
  ...["Mraz, Botsford and Mills", "Little Inc", "Hane - Brekke-Hahn", "Lueilwitz - Russel", "Cummerata Group", "Morar - Olson", "Dickens Group", "Krajcik Inc", "Oberbrunner Group", "Gerhold - Franecki", "Kautzer - Hoppe", "Sanford - Hodkiewicz"],
  ...["Zemlak, Turner and Larson", "O'Keefe LLC", "Towne and Sons", "Kunde - Shanahan", "Reynolds, Hilpert and Jerde", "Crist, Parisian and DuBuque", "Schinner Inc", "Casper Inc", "Vandervort-Keeling - Haag"]
 ],
 "products": [
  ...["Ergonomic Wooden Mouse", "Practical Plastic Pants", "Tasty Cotton Bike", "Elegant Steel Ball", "Oriental Bronze Pizza", "Unbranded Silk Bike", "Ergonomic Silk Chips", "Unbranded Rubber Bike", "Rustic Metal Salad", "Refined Bamboo Gloves"],
  ...["Licensed Bronze Mouse", "Bespoke Wooden Tuna", "Recycled Marble Shirt", "Electronic Bamboo Chicken", "Generic Bronze Bacon", "Rustic Rubber Pants", "Licensed Granite Shirt", "Practical Rubber Bike", "Practical Rubber Pants", "Awesome Marble Chips"],
  ...["Ergonomic Gold Chicken", "Refined Gold Shoes", "Incredible Cotton Soap", "Fantastic Ceramic Pizza", "Handmade Aluminum Cheese", "Small Aluminum Ball", "Electronic Cotton Gloves", "Refined Granite Tuna", "Awesome Marble Soap", "Soft Wooden Fish"],
  ...["Generic Plastic Towels", "Intelligent Aluminum Sausages", "Awesome Concrete Pants", "Fantastic Gold Sausages", "Incredible Wooden Gloves", "Fresh Metal Cheese", "Modern Metal Car", "Licensed Gold Table", "Incredible Silk Hat"],
  ...["Fantastic Ceramic Car", "Intelligent Gold Sausages", "Incredible Gold Fish", "Gorgeous Aluminum Computer", "Bespoke Plastic Pizza", "Modern Aluminum Shoes", "Rustic Cotton Pants", "Refined Ceramic Hat", "Luxurious Ceramic Shoes"],
  ...["Sleek Granite Towels", "Elegant Rubber Chair", "Sleek Bamboo Bike", "Rustic Granite Ball", "Fresh Gold Tuna", "Unbranded Marble Tuna", "Elegant Silk Bacon", "Tasty Silk Car", "Refined Bamboo Pants", "Fantastic Metal Pants", "Ergonomic Marble Gloves"],
  ...["Tasty Aluminum Chips", "Refined Plastic Soap", "Refined Aluminum Pants", "Handcrafted Granite Shoes", "Luxurious Granite Ball", "Modern Silk Bike", "Frozen Marble Chair", "Small Granite Car", "Refined Steel Hat", "Electronic Marble Hat"],
  ...["Rustic Rubber Gloves", "Unbranded Wooden Bike", "Soft Marble Shirt", "Intelligent Ceramic Cheese", "Licensed Wooden Mouse", "Oriental Marble Table", "Sleek Steel Cheese", "Practical Rubber Bacon", "Small Wooden Computer", "Awesome Cotton Table"],
  ...["Bespoke Gold Pizza", "Sleek Metal Fish", "Awesome Plastic Soap", "Bespoke Gold Table", "Intelligent Cotton Cheese", "Bespoke Ceramic Tuna", "Handmade Cotton Tuna", "Electronic Concrete Gloves", "Practical Wooden Bacon", "Soft Cotton Keyboard"],
  ...["Licensed Wooden Tuna", "Electronic Rubber Salad", "Unbranded Ceramic Ball", "Elegant Steel Gloves", "Frozen Bronze Tuna", "Soft Granite Hat", "Incredible Concrete Bike", "Rustic Aluminum Ball", "Oriental Gold Chicken", "Handcrafted Rubber Car"],
  ...["Bespoke Cotton Computer", "Bespoke Bronze Mouse", "Sleek Ceramic Table", "Awesome Plastic Chicken", "Electronic Plastic Chips", "Handcrafted Gold Gloves", "Sleek Metal Shirt", "Gorgeous Wooden Bacon", "Modern Gold Soap", "Bespoke Rubber Soap"],
  ...["Generic Bamboo Gloves", "Electronic Bronze Keyboard", "Luxurious Steel Sausages", "Generic Gold Fish", "Unbranded Granite Cheese", "Bespoke Metal Bacon", "Electronic Bamboo Soap", "Intelligent Marble Mouse", "Frozen Granite Table"],
  ...["Unbranded Granite Tuna", "Awesome Wooden Computer", "Luxurious Cotton Towels", "Generic Steel Chair", "Generic Ceramic Towels", "Practical Wooden Chips", "Elegant Ceramic Computer", "Intelligent Gold Hat", "Oriental Gold Gloves"],
  ...["Awesome Concrete Mouse", "Fresh Plastic Bike", "Electronic Steel Pants", "Refined Bronze Soap", "Licensed Granite Keyboard", "Oriental Cotton Chicken", "Soft Silk Table", "Oriental Plastic Shoes", "Fantastic Granite Hat", "Modern Cotton Pants"],
  ...["Bespoke Plastic Bacon", "Intelligent Bronze Table", "Elegant Silk Shoes", "Practical Metal Shoes", "Generic Metal Computer", "Incredible Cotton Computer", "Intelligent Ceramic Chair", "Modern Marble Keyboard", "Recycled Granite Ball"],
  ...["Frozen Gold Car", "Awesome Bamboo Gloves", "Tasty Gold Fish", "Fresh Plastic Ball", "Sleek Metal Sausages", "Handmade Granite Computer", "Recycled Silk Fish", "Incredible Aluminum Ball", "Handcrafted Plastic Hat", "Practical Wooden Tuna"],
  ...["Electronic Rubber Pizza", "Bespoke Rubber Pizza", "Elegant Metal Towels", "Handcrafted Gold Pizza", "Sleek Aluminum Shoes", "Licensed Wooden Hat", "Practical Bamboo Bacon", "Rustic Gold Pants", "Fantastic Bamboo Hat", "Tasty Concrete Pants"],
  ...["Unbranded Cotton Shoes", "Modern Aluminum Car", "Recycled Ceramic Gloves", "Ergonomic Granite Mouse", "Modern Gold Pizza", "Electronic Plastic Bacon", "Oriental Rubber Bike", "Unbranded Bronze Towels", "Generic Cotton Shirt", "Recycled Cotton Bacon"],
  ...["Luxurious Metal Sausages", "Luxurious Ceramic Gloves", "Handmade Bamboo Hat", "Modern Bamboo Cheese", "Licensed Silk Shirt", "Rustic Bamboo Towels", "Handmade Gold Gloves", "Unbranded Aluminum Computer", "Oriental Bamboo Computer"],
  ...["Intelligent Ceramic Keyboard", "Handcrafted Gold Table", "Sleek Metal Chair", "Handmade Plastic Shirt", "Luxurious Steel Shirt", "Tasty Granite Salad", "Small Plastic Tuna", "Tasty Metal Car", "Licensed Metal Ball", "Oriental Bamboo Hat"],
  ...["Incredible Concrete Chicken", "Recycled Granite Shirt", "Sleek Rubber Hat", "Incredible Steel Salad", "Luxurious Granite Table"]
 ],
 "descriptions": [
  ...["Experience the pink brilliance of our Towels, perfect for abandoned environments", "The Compatible high-level budgetary management Fish offers reliable performance and showy design"],
  ...["Simonis, Bauch and Daugherty's most advanced Hat technology increases old capabilities", "The Jenna Pants is the latest in a series of mean products from Spencer - Mills"],
  ...["Our rich-inspired Chips brings a taste of luxury to your far-flung lifestyle", "The Daija Towels is the latest in a series of velvety products from Romaguera - Kovacek"],
  ...["Savor the delicious essence in our Pants, designed for downright culinary adventures", "Experience the orange brilliance of our Hat, perfect for subtle environments", "Professional-grade Keyboard perfect for gloomy training and recreational use"],
  ...["The sleek and mad Towels comes with indigo LED lighting for smart functionality", "Experience the gold brilliance of our Hat, perfect for joyous environments", "Licensed Mouse designed with Cotton for spanish performance"],
  ...["Ergonomic Table made with Granite for all-day known support", "New cyan Chicken with ergonomic design for webbed comfort", "The sleek and wilted Soap comes with turquoise LED lighting for smart functionality"],
  ...["New black Table with ergonomic design for yearly comfort", "Discover the crocodile-like agility of our Shoes, perfect for rotating users", "Franey and Sons's most advanced Gloves technology increases honored capabilities"],
  ...["The Melba Car is the latest in a series of doting products from Crona, Maggio and Hirthe", "Discover the wolf-like agility of our Soap, perfect for snappy users", "Discover the rabbit-like agility of our Fish, perfect for physical users"],
  ...["The red Chips combines Iran aesthetics with Hafnium-based durability", "Professional-grade Gloves perfect for alienated training and recreational use", "Innovative Tuna featuring natural technology and Marble construction"],
  ...["The maroon Shirt combines Algeria aesthetics with Rutherfordium-based durability", "The sleek and present Sausages comes with gold LED lighting for smart functionality"],
  ...["Huel - Turcotte's most advanced Bike technology increases infamous capabilities", "King and Sons's most advanced Sausages technology increases experienced capabilities"],
  ...["Introducing the Mauritius-inspired Soap, blending prime style with local craftsmanship", "Ergonomic Cheese made with Bronze for all-day tall support", "Our juicy-inspired Chicken brings a taste of luxury to your odd lifestyle"],
  ...["Professional-grade Pants perfect for fair training and recreational use", "Professional-grade Chicken perfect for edible training and recreational use", "Ergonomic Pizza made with Ceramic for all-day glossy support"],
  ...["New blue Gloves with ergonomic design for dirty comfort", "Bespoke Hat designed with Ceramic for wide performance", "Our tender-inspired Table brings a taste of luxury to your free lifestyle"],
  ...["Stylish Bacon designed to make you stand out with gullible looks", "Stylish Bike designed to make you stand out with milky looks", "Experience the tan brilliance of our Car, perfect for funny environments"],
  ...["Introducing the Djibouti-inspired Towels, blending stale style with local craftsmanship", "The Upgradable well-modulated task-force Shoes offers reliable performance and self-assured design"],
  ...["The Programmable 24/7 microservice Pizza offers reliable performance and mad design", "Experience the pink brilliance of our Shoes, perfect for pleasant environments", "Professional-grade Bacon perfect for lovely training and recreational use"],
  ...["Experience the maroon brilliance of our Tuna, perfect for lively environments", "Innovative Bike featuring wee technology and Aluminum construction", "The Tevin Sausages is the latest in a series of scared products from Turner, Hane and Balistreri"],
  ...["Discover the ill-fated new Soap with an exciting mix of Bamboo ingredients", "New Keyboard model with 55 GB RAM, 855 GB storage, and intent features", "Our creamy-inspired Computer brings a taste of luxury to your windy lifestyle"],
  ...["Introducing the Jamaica-inspired Bike, blending far-off style with local craftsmanship", "Innovative Ball featuring caring technology and Silk construction", "Experience the silver brilliance of our Towels, perfect for edible environments"],
  ...["The Norval Ball is the latest in a series of thick products from Harris - Koepp", "Experience the azure brilliance of our Chair, perfect for far-off environments", "New indigo Fish with ergonomic design for expensive comfort"],
  ...["Discover the flimsy new Tuna with an exciting mix of Aluminum ingredients", "Ergonomic Table made with Marble for all-day kosher support", "Balistreri LLC's most advanced Ball technology increases cumbersome capabilities"],
  ...["Professional-grade Shirt perfect for unknown training and recreational use", "The Emery Towels is the latest in a series of honorable products from Olson-Murazik, Franecki and Rippin"],
  ...["The Felton Car is the latest in a series of tattered products from Crona, Prohaska-Bayer and McCullough", "Discover the peacock-like agility of our Pants, perfect for well-lit users", "Fresh Bike designed with Bamboo for live performance"],
  ...["Stylish Hat designed to make you stand out with monstrous looks", "The Open-source mission-critical frame Salad offers reliable performance and roasted design", "Professional-grade Shoes perfect for stained training and recreational use"],
  ...["Electronic Bike designed with Wooden for circular performance", "Our sea lion-friendly Soap ensures emotional comfort for your pets", "Experience the silver brilliance of our Mouse, perfect for acclaimed environments"],
  ...["Schiller Inc's most advanced Pizza technology increases practical capabilities", "Featuring Niobium-enhanced technology, our Shirt offers unparalleled moist performance"],
  ...["The silver Shirt combines French Southern Territories aesthetics with Sulfur-based durability", "Discover the penguin-like agility of our Chair, perfect for far users"],
  ...["Ankunding, Huel and Kilback's most advanced Cheese technology increases dirty capabilities", "Professional-grade Salad perfect for uneven training and recreational use", "New Chicken model with 48 GB RAM, 950 GB storage, and showy features"],
  ...["Our dog-friendly Cheese ensures authentic comfort for your pets", "Innovative Bacon featuring gummy technology and Aluminum construction"]
 ],
 "tags": ["newsletter", "online", "store", "b2b", "loyalty", "events", "mobile", "catalogue", "partner", "referral"]
} as const;
